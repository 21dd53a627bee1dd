// The signature the signer adopts: typed (pre-filled with their name, shown in a handwriting font), drawn on
// a canvas in the envelope's signature colour, or an uploaded PNG or JPG.
const $ = (id) => document.getElementById(id);

export function createSignatureInput({ color, onChange }) {
  const pad = $('pad');
  let padUsed = false;
  let uploaded = null;
  const selectedType = () => document.querySelector('input[name="signature-type"]:checked')?.value;

  function showPanel() {
    for (const panel of document.querySelectorAll('.panel')) panel.hidden = panel.dataset.type !== selectedType();
  }

  if (pad) {
    const pen = pad.getContext('2d');
    pen.strokeStyle = color;
    pen.lineWidth = 4;
    pen.lineCap = 'round';
    pen.lineJoin = 'round';
    let drawing = false;
    const at = (event) => {
      const box = pad.getBoundingClientRect();
      return [((event.clientX - box.left) * pad.width) / box.width, ((event.clientY - box.top) * pad.height) / box.height];
    };
    pad.addEventListener('pointerdown', (event) => {
      drawing = true;
      pad.setPointerCapture(event.pointerId);
      pen.beginPath();
      pen.moveTo(...at(event));
    });
    pad.addEventListener('pointermove', (event) => {
      if (!drawing) return;
      pen.lineTo(...at(event));
      pen.stroke();
      padUsed = true;
      onChange();
    });
    pad.addEventListener('pointerup', () => { drawing = false; });
    $('clear-pad').addEventListener('click', () => {
      pen.clearRect(0, 0, pad.width, pad.height);
      padUsed = false;
      onChange();
    });
  }

  $('typed-name')?.addEventListener('input', (event) => {
    $('typed-preview').textContent = event.target.value;
    onChange();
  });

  $('upload')?.addEventListener('change', (event) => {
    const [file] = event.target.files;
    uploaded = null;
    $('upload-preview').removeAttribute('src');
    onChange();
    if (!file) return;
    const reader = new FileReader();
    reader.addEventListener('load', () => {
      uploaded = reader.result;
      $('upload-preview').src = uploaded;
      onChange();
    });
    reader.readAsDataURL(file);
  });

  for (const input of document.querySelectorAll('input[name="signature-type"]')) {
    input.addEventListener('change', () => {
      showPanel();
      onChange();
    });
  }
  showPanel();

  return {
    /** What POST /sign takes as `signature`, or null while nothing is there to adopt. */
    value() {
      const type = selectedType();
      if (type === 'WRITTEN') {
        const text = $('typed-name').value.trim();
        return text ? { type, text } : null;
      }
      if (type === 'DRAWN') return padUsed ? { type, image: pad.toDataURL('image/png') } : null;
      if (type === 'UPLOADED') return uploaded ? { type, image: uploaded } : null;
      return null;
    }
  };
}

/** How an adopted signature looks in a placement target. */
export function signaturePreview(signature) {
  if (signature.type === 'WRITTEN') {
    const text = document.createElement('span');
    text.className = 'handwriting';
    text.textContent = signature.text;
    return text;
  }
  const image = document.createElement('img');
  image.alt = '';
  image.src = signature.image;
  return image;
}
