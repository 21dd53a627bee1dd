import { renderTemplate } from './render-template';

const variables = {
  'recipient.name': 'Ana <Ana> & "Co"',
  'validations.code': '042917',
  'envelope.name': "Lease O'Brien"
};

describe('renderTemplate', () => {
  it('fills dotted names, with or without spaces inside the braces', () => {
    const rendered = renderTemplate('Hi {{recipient.name}}, code {{ validations.code }}.', variables, 'text');

    expect(rendered).toBe('Hi Ana <Ana> & "Co", code 042917.');
  });

  it('escapes values in html mode but keeps the markup of the template', () => {
    const rendered = renderTemplate('<p>{{recipient.name}} - {{envelope.name}}</p>', variables, 'html');

    expect(rendered).toBe('<p>Ana &lt;Ana&gt; &amp; &quot;Co&quot; - Lease O&#39;Brien</p>');
  });

  it('leaves unknown variables as written', () => {
    const template = 'Expires {{validations.expires_at}} {{ constructor }} {{toString}}';

    expect(renderTemplate(template, variables, 'html')).toBe(template);
  });

  it('replaces every occurrence and does not expand placeholders found in values', () => {
    const rendered = renderTemplate('{{a}}/{{a}}', { a: '{{b}}', b: 'no' }, 'text');

    expect(rendered).toBe('{{b}}/{{b}}');
  });

  it('inserts an empty value as empty', () => {
    expect(renderTemplate('[{{ recipient.name }}]', { 'recipient.name': '' }, 'text')).toBe('[]');
  });
});
