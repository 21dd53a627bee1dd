/** The event payload schemas, named for the document's components. */
export { EnvelopeDocument } from '../payloads/envelope-document';
export { EnvelopeRecipient } from '../payloads/envelope-recipient';
export { EnvelopePlacement, PlacementCoordinates } from '../payloads/envelope-placement';
export { EnvelopePayload, EvidenceGeneratedPayload, EnvelopeError, EnvelopeWarning } from '../payloads/envelope-payload';
export { RecipientPayload } from '../payloads/recipient-payload';
export { FileUploadedPayload } from '../payloads/file-uploaded-payload';
export { WebhookTestPayload } from '../payloads/webhook-test-payload';
