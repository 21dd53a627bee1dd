// <signet-builder url="<builder session url>" token="<builder session token>">: frames Signet's editor page,
// where a user places fields on one template or draft envelope, and re-dispatches what the editor says as
// DOM events on itself (ready, change, save, send, error, token-expired). One file without imports, so any
// page can load it with a single script tag; it holds no secret (the token is the host's, given per session).
(() => {
  const EDITOR_TYPES = ['ready', 'change', 'save', 'send', 'error', 'token-expired'];

  class SignetBuilder extends HTMLElement {
    static observedAttributes = ['url', 'token'];

    #iframe = null;
    #revision = 0;
    #onMessage = (event) => this.#received(event);

    /** The editor's count of changes, as its last `change` message said. */
    get revision() {
      return this.#revision;
    }

    connectedCallback() {
      window.addEventListener('message', this.#onMessage);
      this.#frame();
    }

    disconnectedCallback() {
      window.removeEventListener('message', this.#onMessage);
    }

    attributeChangedCallback(name, before, after) {
      if (!this.isConnected || before === after) return;
      // A new token for the same session goes to the running editor; a new session loads a new editor.
      if (name === 'token' && this.#iframe) this.setToken(after);
      else this.#frame();
    }

    /** Asks the editor to save (it answers with a `save` or an `error` event). */
    save() {
      this.#tell('save', {});
    }

    /** Shows the documents as the recipient of `recipientKey` will see them (read-only); null leaves preview. */
    preview(recipientKey) {
      this.#tell('preview', { recipient_key: recipientKey ?? null });
    }

    /** Gives the editor a fresh token (after `token-expired`), without reloading it. */
    setToken(token) {
      this.#tell('set-token', { token });
    }

    #sessionOrigin() {
      try {
        return new URL(this.getAttribute('url') ?? '').origin;
      } catch {
        return null;
      }
    }

    #frame() {
      const url = this.getAttribute('url');
      const token = this.getAttribute('token');
      if (!url || !token || !this.#sessionOrigin()) return;
      if (!this.#iframe) {
        this.#iframe = document.createElement('iframe');
        this.#iframe.title = 'Signet document builder';
        // The editor needs no powerful feature: camera, microphone, payment and the rest stay off.
        this.#iframe.setAttribute('allow', '');
        this.#iframe.style.cssText = 'display:block;width:100%;height:100%;min-height:600px;border:0';
        if (!this.style.display) this.style.display = 'block';
        this.append(this.#iframe);
      }
      this.#revision = 0;
      this.#iframe.src = `${url}#token=${encodeURIComponent(token)}&origin=${encodeURIComponent(location.origin)}`;
    }

    #tell(type, detail) {
      const origin = this.#sessionOrigin();
      if (!origin || !this.#iframe?.contentWindow) return;
      this.#iframe.contentWindow.postMessage({ source: 'signet-builder-host', type, detail }, origin);
    }

    #received(event) {
      if (!this.#iframe || event.source !== this.#iframe.contentWindow || event.origin !== this.#sessionOrigin()) return;
      const data = event.data;
      if (!data || data.source !== 'signet-builder' || !EDITOR_TYPES.includes(data.type)) return;
      const detail = data.detail ?? {};
      if (data.type === 'change' && typeof detail.revision === 'number') this.#revision = detail.revision;
      this.dispatchEvent(new CustomEvent(data.type, { detail }));
    }
  }

  if (!customElements.get('signet-builder')) customElements.define('signet-builder', SignetBuilder);
})();
