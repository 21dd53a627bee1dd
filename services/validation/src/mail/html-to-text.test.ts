import { htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it('turns paragraphs and breaks into lines, drops tags and decodes entities', () => {
    expect(htmlToText('<p>Hello {{recipient.name}},</p>\n<p>Your code<br>is <strong>{{validations.code}}</strong> &amp; more&nbsp;&#241;&#xF1;</p>'))
      .toBe('Hello {{recipient.name}},\n\nYour code\nis {{validations.code}} & more ññ');
  });

  it('drops style and script content entirely', () => {
    expect(htmlToText('<style>p { color: red }</style><p>Hi</p><script>alert(1)</script>')).toBe('Hi');
  });
});
