import type { Settings } from './settings';
import type { EnvelopePayload } from './payloads/envelope-payload';
import { toSettingsPayload } from './settings-payload';

const localization = {
  extra_page_intro: 'Please sign {{envelope.name}}.',
  emails: {
    email_validation: {
      subject: 'Your verification code for {{envelope.name}}',
      body: '<p>Hello {{ recipient.name }}, your code is <b>{{validations.code}}</b>.</p>',
      cta: 'Verify'
    }
  },
  sms: { phone_validation: { body: '{{validations.code}} is your code for {{envelope.name}}' } }
};

export const sampleSettings = (): Settings => ({
  branding: {
    logo: null,
    url_homepage: 'https://example.com',
    url_signature_flow: null,
    name: 'Acme',
    reply_to: 'legal@example.com',
    sender_email: null
  },
  documents: { document_id_enabled: true, custom_page_id: 'Signet Sign ID:', signatures_per_page: 6, signatures_per_row: 2 },
  emails: { envelope_invitation: true, envelope_voided: true, envelope_rejected: false, envelope_signed: true },
  localization: { en: localization, es: structuredClone(localization) },
  signature: { type: 'SIMPLE', style: 'SIMPLE', bg_image: null },
  signature_flow: {
    language: 'EN',
    sender_name: 'Signet',
    signature_order: 'PARALLEL',
    signature_types: 'WRITTEN,DRAWN,UPLOADED',
    signature_color: '#000000',
    embed_origins: null,
    redirect_url: null
  },
  validations: { email: { enabled: false, order: 0 }, phone: { enabled: false, order: 0, methods: 'SMS' } }
});

const at = '2025-01-02T03:04:05.000Z';

export const sampleEnvelopePayload = (): EnvelopePayload => ({
  id: 'env_1',
  name: 'Contract',
  status: 'SUCCESS',
  created_at: at,
  updated_at: at,
  sent_at: at,
  completed_at: at,
  documents: [
    {
      id: 'doc_1',
      custom_key: 'main',
      file_type: 'SIGNABLE',
      order: 0,
      status: 'SIGNED',
      created_at: at,
      updated_at: at,
      file_name: 'contract.pdf',
      content_type: 'application/pdf',
      file_size: 12345,
      page_count: 2,
      url: 'https://files.example.com/doc_1'
    }
  ],
  recipients: [
    {
      id: 'rcp_1',
      envelope_id: 'env_1',
      custom_key: 'alice',
      order: 0,
      status: 'SIGNED_ALL',
      created_at: at,
      updated_at: at,
      name: 'Alice',
      name_label: null,
      email: 'alice@example.com',
      email_label: null,
      signed_at: at
    }
  ],
  placements: [
    {
      id: 'plc_1',
      custom_key: '0',
      placement_type: 'SIGNATURE',
      created_at: at,
      updated_at: at,
      recipient_id: 'rcp_1',
      recipient_key: 'alice',
      document_id: 'doc_1',
      document_key: 'main',
      order: 0,
      coordinates: { id: 'crd_1', top: '100', left: '50.5', page: '0' },
      token: null
    }
  ],
  settings: toSettingsPayload(sampleSettings()),
  errors: [],
  warnings: [],
  metadata: { crm_id: 'opp-1042' }
});
