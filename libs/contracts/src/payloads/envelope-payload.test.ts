import { sampleEnvelopePayload } from '../test-samples';
import { validateSchema } from '../validate';
import { EnvelopePayload, EvidenceGeneratedPayload } from './envelope-payload';

describe('EnvelopePayload', () => {
  it('accepts a complete envelope', () => {
    expect(validateSchema(EnvelopePayload, sampleEnvelopePayload())).toEqual({ valid: true, value: sampleEnvelopePayload() });
  });

  it('names the missing status', () => {
    const { status: _status, ...withoutStatus } = sampleEnvelopePayload();
    expect(validateSchema(EnvelopePayload, withoutStatus)).toEqual({
      valid: false,
      details: [{ field: 'status', message: 'is required' }]
    });
  });

  it('names a bad field deep inside', () => {
    const payload = sampleEnvelopePayload();
    const document = payload.documents[0];
    if (document === undefined) throw new Error('sample has a document');
    Object.assign(document, { file_type: 'OTHER' });
    expect(validateSchema(EnvelopePayload, payload)).toEqual({
      valid: false,
      details: [{ field: 'documents.0.file_type', message: 'must be one of: SIGNABLE, ATTACHMENT' }]
    });
  });

  it('lets producers add fields', () => {
    expect(validateSchema(EnvelopePayload, { ...sampleEnvelopePayload(), brand_new: 1 }).valid).toBe(true);
  });

  it('requires the evidence fields on envelope.evidence_generated', () => {
    expect(validateSchema(EvidenceGeneratedPayload, sampleEnvelopePayload())).toEqual({
      valid: false,
      details: [
        { field: 'evidence_document_url', message: 'is required' },
        { field: 'evidence_generated_at', message: 'is required' }
      ]
    });
    const evidence = {
      ...sampleEnvelopePayload(),
      evidence_document_url: 'https://files.example.com/evidence.pdf',
      evidence_generated_at: '2025-01-02T03:04:05-03:00'
    };
    expect(validateSchema(EvidenceGeneratedPayload, evidence).valid).toBe(true);
  });
});
