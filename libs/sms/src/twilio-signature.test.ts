import { isTwilioSignature, twilioSignature } from './twilio-signature';

// The worked example of Twilio's "Validating signatures from Twilio" documentation.
const DOCUMENTED = {
  authToken: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  fields: [['CallSid', 'CA1234567890ABCDE'], ['Caller', '+14158675310'], ['Digits', '1234'], ['From', '+14158675310'], ['To', '+18005551212']] as Array<[string, string]>,
  signature: 'GvWf1cFY/Q7PnoempGyD5oXAezc='
};

describe("Twilio's request signature", () => {
  it('is the one of Twilio\'s documented example, whatever order the fields come in', () => {
    const { authToken, url, fields, signature } = DOCUMENTED;
    expect(twilioSignature(authToken, url, fields)).toBe(signature);
    expect(twilioSignature(authToken, url, [...fields].reverse())).toBe(signature);
    expect(isTwilioSignature(authToken, signature, url, fields)).toBe(true);
  });

  it('is refused for another token, URL, field value or an extra field, and when empty or malformed', () => {
    const { authToken, url, fields, signature } = DOCUMENTED;
    expect(isTwilioSignature('54321', signature, url, fields)).toBe(false);
    expect(isTwilioSignature(authToken, signature, 'https://mycompany.com/myapp.php?foo=1&bar=3', fields)).toBe(false);
    expect(isTwilioSignature(authToken, signature, url, [...fields.slice(1), ['CallSid', 'CA1234567890ABCDF']])).toBe(false);
    expect(isTwilioSignature(authToken, signature, url, [...fields, ['MessageStatus', 'delivered']])).toBe(false);
    expect(isTwilioSignature(authToken, '', url, fields)).toBe(false);
    expect(isTwilioSignature(authToken, 'not base64 at all', url, fields)).toBe(false);
  });

  it('holds with or without the default port written in the URL, as Twilio signs either', () => {
    const fields: Array<[string, string]> = [['MessageSid', 'SM1'], ['MessageStatus', 'delivered']];
    const withPort = twilioSignature('token', 'https://signet.example:443/sms/v1/status', fields);
    const withoutPort = twilioSignature('token', 'https://signet.example/sms/v1/status', fields);
    expect(isTwilioSignature('token', withPort, 'https://signet.example/sms/v1/status', fields)).toBe(true);
    expect(isTwilioSignature('token', withoutPort, 'https://signet.example:443/sms/v1/status', fields)).toBe(true);
    expect(isTwilioSignature('token', twilioSignature('token', 'http://127.0.0.1:8080/sms/v1/status', fields), 'http://127.0.0.1:8080/sms/v1/status', fields)).toBe(true);
  });

  it('signs a repeated field once per distinct value, values sorted', () => {
    const once = twilioSignature('token', 'https://x.example/', [['A', '2'], ['A', '1']]);
    expect(twilioSignature('token', 'https://x.example/', [['A', '1'], ['A', '2'], ['A', '2']])).toBe(once);
  });
});
