import { EnvelopeCreateRequest } from '../envelope-requests';
import { validateEnvelopeDefinition } from '../envelope-definition';
import { checkFieldValues, toFieldDefinition, type FieldDefinition } from './index';

const recipients = {
  alice: { email: 'alice@example.com', name: 'Alice' },
  boss: { email: 'boss@example.com', name: 'Boss', role: 'APPROVER' },
  wit: { email: 'wit@example.com', name: 'Wit', role: 'WITNESS', witness_of: 'alice' },
  cc: { email: 'cc@example.com', name: 'Cc', role: 'CC' }
};
const at = { coordinates: { top: '100', left: '100', page: '0' } };
const definition = (placements: Record<string, object>, people: object = recipients) => validateEnvelopeDefinition(EnvelopeCreateRequest, {
  recipients: people,
  placements: Object.fromEntries(Object.entries(placements).map(([index, placement]) => [index, { document_key: 'doc', recipient_key: 'alice', ...at, ...placement }]))
});
const problems = (placements: Record<string, object>, people?: object) => {
  const result = definition(placements, people);
  return result.valid ? [] : result.details;
};

describe('field placements in an envelope definition', () => {
  it('accepts one field of every type with its properties', () => {
    expect(problems({
      0: { type: 'SIGNATURE' }, 1: { type: 'INITIALS' }, 2: { type: 'TEXT', name: 'company', pattern: '[A-Z].*', default_value: 'Acme' },
      3: { type: 'NUMBER', min: '1', max: '10', width: '80', height: '20' }, 4: { type: 'DATE', min: '2026-01-01' }, 5: { type: 'CHECKBOX', required: 'TRUE' },
      6: { type: 'RADIO', options: 'red, blue' }, 7: { type: 'DROPDOWN', options: 'a,b,c', default_value: 'b', readonly: 'TRUE' }, 8: { type: 'EMAIL' },
      9: { type: 'NAME' }, 10: { type: 'SIGNING_DATE' }, 11: { type: 'ATTACHMENT', required: 'FALSE' },
      12: { type: 'APPROVAL', recipient_key: 'boss' }, 13: { type: 'WITNESS', recipient_key: 'wit' }, 14: { type: 'TEXT', recipient_key: 'boss' }
    })).toEqual([]);
  });

  it('names the path of each invalid combination', () => {
    expect(problems({
      0: { type: 'SIGNATURE', options: 'a,b' }, 1: { type: 'RADIO', options: 'only' }, 2: { type: 'TEXT', pattern: '(' },
      3: { type: 'NUMBER', min: '5', max: '1' }, 4: { type: 'DATE', max: 'tomorrow' }, 5: { type: 'DROPDOWN', options: 'a,b', default_value: 'c' },
      6: { type: 'TEXT', readonly: 'TRUE' }, 7: { type: 'EMAIL', name: 'company' }, 8: { type: 'TEXT', name: 'company' }
    })).toEqual([
      { field: 'placements.0.options', message: 'is not allowed for a SIGNATURE placement' },
      { field: 'placements.1.options', message: 'give at least two comma-separated options' },
      { field: 'placements.2.pattern', message: 'must be a valid regular expression' },
      { field: 'placements.3.max', message: 'must not be less than min' },
      { field: 'placements.4.max', message: 'must be a date written YYYY-MM-DD' },
      { field: 'placements.5.default_value', message: 'must be one of: a, b' },
      { field: 'placements.6.default_value', message: 'is required for a read-only field' },
      { field: 'placements.8.name', message: '"company" is already the name of placement 7' }
    ]);
  });

  it('refuses a placement whose recipient role cannot fill it, and witnesses without their signer', () => {
    expect(problems({ 0: { type: 'SIGNATURE', recipient_key: 'boss' }, 1: { type: 'TEXT', recipient_key: 'cc' } }, {
      ...recipients, wit: { email: 'wit@example.com', name: 'Wit', role: 'WITNESS', witness_of: 'boss' }, v: { email: 'v@example.com', name: 'V', role: 'VIEWER', witness_of: 'alice' }
    })).toEqual([
      { field: 'recipients.wit.witness_of', message: 'must be the key of a SIGNER recipient of this envelope' },
      { field: 'recipients.v.witness_of', message: 'only a WITNESS recipient names whose signature they witness' },
      { field: 'placements.0.type', message: 'a APPROVER recipient cannot fill a SIGNATURE placement' },
      { field: 'placements.1.type', message: 'a CC recipient cannot fill a TEXT placement' }
    ]);
  });
});

describe('checkFieldValues', () => {
  const field = (index: string, placement: object) => toFieldDefinition({ recipient_key: 'alice', ...placement }, index) as FieldDefinition;
  const fields = [
    field('0', { type: 'TEXT', name: 'company' }), field('1', { type: 'NUMBER', name: 'amount', min: '0' }), field('2', { type: 'CHECKBOX', name: 'agree' }),
    field('3', { type: 'RADIO', name: 'colour', options: 'red,blue' }), field('4', { type: 'NAME', name: 'who' }), field('5', { type: 'SIGNING_DATE', name: 'when' }),
    field('6', { type: 'DROPDOWN', name: 'plan', options: 'a,b', default_value: 'b', readonly: 'TRUE' }), field('7', { type: 'ATTACHMENT', name: 'id_card' }),
    field('8', { type: 'DATE', name: 'start', required: 'FALSE' })
  ];
  const context = { recipientName: 'Alice Smith', signingDate: '2026-11-27', attachmentIds: new Set(['att-1']) };

  it('gives every value typed, filling the automatic and read-only ones', () => {
    expect(checkFieldValues(fields, { company: 'Acme', amount: '12.5', colour: 'blue', id_card: 'att-1' }, context)).toEqual({
      valid: true, values: { company: 'Acme', amount: 12.5, agree: false, colour: 'blue', who: 'Alice Smith', when: '2026-11-27', plan: 'b', id_card: 'att-1' }
    });
  });

  it('names each missing or invalid field', () => {
    expect(checkFieldValues(fields, { amount: -1, colour: 'green', plan: 'a', id_card: 'someone-elses', start: '2026-02-30', extra: 'x' }, context)).toEqual({
      valid: false,
      details: [
        { field: 'fields.extra', message: 'is not a field of this recipient' },
        { field: 'fields.company', message: 'is required' },
        { field: 'fields.amount', message: 'must be 0 or more' },
        { field: 'fields.colour', message: 'must be one of: red, blue' },
        { field: 'fields.plan', message: 'is read-only' },
        { field: 'fields.id_card', message: 'must be the id of a file this recipient uploaded' },
        { field: 'fields.start', message: 'must be a date written YYYY-MM-DD' }
      ]
    });
  });
});
