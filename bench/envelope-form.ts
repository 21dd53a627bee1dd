/** The form both sides of the envelope benches create from: one 1-page PDF in base64, one recipient. */
export function createForm(pdfBase64: string): FormData {
  const form = new FormData();
  form.append('documents[0][base64]', pdfBase64);
  form.append('recipients[0][email]', 'bench@example.com');
  form.append('recipients[0][name]', 'Bench Signer');
  return form;
}
