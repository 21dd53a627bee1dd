import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('keeps a plain name as it is', () => {
    expect(attachmentDisposition('contract.pdf')).toBe(`attachment; filename="contract.pdf"; filename*=UTF-8''contract.pdf`);
  });

  it('gives non-ASCII names an ASCII fallback and an exact encoded form', () => {
    expect(attachmentDisposition('Vertrag für Müller.pdf'))
      .toBe(`attachment; filename="Vertrag f_r M_ller.pdf"; filename*=UTF-8''Vertrag%20f%C3%BCr%20M%C3%BCller.pdf`);
  });

  it('cannot be broken out of by quotes or line breaks in the name', () => {
    const header = attachmentDisposition('a"b\r\nSet-Cookie: x.pdf');

    expect(header).toBe(`attachment; filename="a_b__Set-Cookie: x.pdf"; filename*=UTF-8''a%22b%0D%0ASet-Cookie%3A%20x.pdf`);
  });
});
