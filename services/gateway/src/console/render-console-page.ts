import { LANGUAGES, translate, type Language, type MessageKey } from '@signet/i18n';
import { escapeHtml, page } from '../pages/page-frame';
import type { ScriptMessage } from '../pages/script-messages';

const HEAD = '<link rel="stylesheet" href="/components/base.css">\n<link rel="stylesheet" href="/console/assets/console.css">\n';

/** The console itself: a frame for console.js, which reads its messages and the session's CSRF token from `#console`. */
export function renderConsolePage(language: Language, messages: Record<string, ScriptMessage>, csrfToken: string): string {
  const say = (key: MessageKey) => escapeHtml(translate(language, key));
  const languages = LANGUAGES.map((one) => ({ key: one.key, tag: one.tag, name: one.name }));
  return page(language.tag, language.direction, `${HEAD}<script type="module" src="/console/assets/console.js"></script>\n`,
    `<div id="console" data-language="${escapeHtml(language.key)}" data-tag="${escapeHtml(language.tag)}" data-languages="${escapeHtml(JSON.stringify(languages))}" data-csrf="${escapeHtml(csrfToken)}" data-messages="${escapeHtml(JSON.stringify(messages))}">
<noscript><p>${say('console.noscript')}</p></noscript>
</div>`, translate(language, 'console.title'));
}

/** The sign-in form: a plain form posted to /console/sign-in, no script; `problem` when the last key was refused. */
export function renderSignInPage(language: Language, problem: MessageKey | null): string {
  const say = (key: MessageKey) => escapeHtml(translate(language, key));
  const options = LANGUAGES.map((one) => `<option value="${one.key}"${one.key === language.key ? ' selected' : ''} lang="${one.tag}">${escapeHtml(one.name)}</option>`).join('');
  const alert = problem ? `<p class="problem" role="alert" id="sign-in-problem">${say(problem)}</p>\n` : '';
  return page(language.tag, language.direction, HEAD, `<main class="sign-in">
<h1>${say('console.title')}</h1>
<p>${say('console.signIn.intro')}</p>
${alert}<form method="post" action="/console/sign-in">
<div class="control"><label for="api-key">${say('console.signIn.key')}</label>
<input id="api-key" name="api_key" type="password" autocomplete="off" required maxlength="200"${problem ? ' aria-invalid="true" aria-describedby="sign-in-problem"' : ''}></div>
<div class="control"><label for="language">${say('console.language')}</label>
<select id="language" name="language">${options}</select></div>
<button type="submit">${say('console.signIn.submit')}</button>
</form>
</main>`, translate(language, 'console.title'));
}
