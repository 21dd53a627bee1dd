import { CATALOGUE, type Language, language as languageOf, type MessageKey, pluralTemplates, translator, type Translator } from '@signet/i18n';
import type { SigningState } from '../signing/signing-state';

/**
 * What the signer page says, in the recipient's language, from the message catalogue of @signet/i18n.
 * `script` holds the texts the page's script shows (errors, progress), so no server message in English
 * ever reaches a page in another language; a plural one is a template per plural category.
 */
export interface PageTexts {
  lang: string;
  dir: 'ltr' | 'rtl';
  t: Translator;
  states: Record<Exclude<SigningState, 'READY'>, string>;
  notFound: string;
  rejectedByYou: string;
  signedNext: { preparing: string; email: string; noEmail: string };
  signedCopy: string;
  signedCopyEmailed: string;
  /** `brand` is HTML (a link), formatted in. */
  contact: (brand: string) => string;
  contactNobody: string;
  home: string;
  intro: string;
  loading: string;
  codeTitle: string;
  codeHelp: string;
  sendCode: string;
  codeLabel: string;
  verify: string;
  codeSent: string;
  /** The code step's texts when the code comes by SMS (phone validation), naming the phone masked (`+34 ••••78`). */
  sms: { codeTitle: string; codeHelp: (phone: string) => string; sendCode: string; codeSent: (phone: string) => string };
  signatureTitle: string;
  adoptHelp: string;
  types: { WRITTEN: string; DRAWN: string; UPLOADED: string };
  signatureTypesLabel: string;
  typedLabel: string;
  drawLabel: string;
  clear: string;
  uploadLabel: string;
  adopt: string;
  cancel: string;
  finishTitle: string;
  consent: string;
  sign: string;
  rejectOpen: string;
  rejectTitle: string;
  rejectNext: string;
  reasonLabel: string;
  reject: string;
  next: string;
  changeSignature: string;
  zoom: string;
  /** Fields and roles: an APPROVER's button and consent, a VIEWER's note. */
  roles: { approve: string; approveConsent: string; viewOnly: string };
  /** signature.level qualified: the signing provider's code, asked beside the sign button. */
  providerCode: { label: string; help: string };
  script: Record<string, string | Record<string, string>>;
  /**
   * The identity steps' script texts (progress, a message per reason code, the challenge's words), by
   * catalogue key; `{processor}` is left for the script, `identity.page.attemptsLeft` is plural.
   */
  identityScript: Record<string, string | Record<string, string>>;
}

/** The fields' texts the script shows (labels, the choice prompt, what is missing), placeholders kept for it. */
const FIELD_SCRIPT_KEYS = ['required', 'choose', 'upload', 'uploaded', 'initials', 'missing', 'tooLong', 'invalid', 'fieldsTitle'] as const;

const SCRIPT_KEYS = [
  'signHere', 'signed', 'progress', 'allDone', 'next', 'finish', 'failed', 'conflict', 'codeSent', 'codeFormat', 'codeExhausted',
  'codeExpired', 'codeMissing', 'codeRequired', 'smsNotAllowed', 'smsLimit', 'loadFailed', 'page'
] as const;

/** Script messages with their placeholder left for the script to fill (`{done} of {total} signed`). */
function scriptTexts(language: Language, t: Translator): PageTexts['script'] {
  const kept = (name: string) => `{${name}}`;
  const texts: PageTexts['script'] = Object.fromEntries(SCRIPT_KEYS.map((key) =>
    [key, t(`script.${key}`, { done: kept('done'), total: kept('total'), page: kept('page'), pages: kept('pages') })]));
  texts.codeWrong = pluralTemplates(language, 'script.codeWrong', 'left');
  texts.codeWait = pluralTemplates(language, 'script.codeWait', 'seconds');
  for (const key of FIELD_SCRIPT_KEYS) texts[`field.${key}`] = t(`fields.page.${key}`, { name: kept('name'), names: kept('names') });
  texts['field.yes'] = t('fields.checkbox.yes');
  texts['field.no'] = t('fields.checkbox.no');
  texts['field.cancel'] = t('page.cancel');
  texts['field.approve'] = t('fields.page.approve');
  texts.providerRefused = t('signature.page.providerRefused');
  texts.providerUnavailable = t('signature.page.providerUnavailable');
  return texts;
}

/** Every message of the identity steps and of their reason codes, as the script shows them. */
const IDENTITY_SCRIPT_KEYS = (Object.keys(CATALOGUE.en) as MessageKey[]).filter((key) => key.startsWith('identity.page.') || key.startsWith('identity.reason.'));

function identityScriptTexts(language: Language, t: Translator): PageTexts['identityScript'] {
  const texts: PageTexts['identityScript'] = Object.fromEntries(IDENTITY_SCRIPT_KEYS.map((key) => [key, t(key, { processor: '{processor}', left: 0 })]));
  texts['identity.page.attemptsLeft'] = pluralTemplates(language, 'identity.page.attemptsLeft', 'left');
  return texts;
}

function build(language: Language): PageTexts {
  const t = translator(language);
  return {
    lang: language.tag,
    dir: language.direction,
    t,
    states: {
      NOT_YOUR_TURN: t('page.state.NOT_YOUR_TURN'),
      ALREADY_SIGNED: t('page.state.ALREADY_SIGNED'),
      REJECTED: t('page.state.REJECTED'),
      VOIDED: t('page.state.VOIDED'),
      COMPLETED: t('page.state.COMPLETED'),
      EXPIRED: t('expiry.page.state.EXPIRED')
    },
    notFound: t('page.notFound'),
    rejectedByYou: t('page.rejectedByYou'),
    signedNext: { preparing: t('page.signedNext.preparing'), email: t('page.signedNext.email'), noEmail: t('page.signedNext.noEmail') },
    signedCopy: t('page.signedCopy'),
    signedCopyEmailed: t('page.signedCopyEmailed'),
    contact: (brand) => t('page.contact', { brand }),
    contactNobody: t('page.contactNobody'),
    home: t('page.home'),
    intro: t('page.intro'),
    loading: t('page.loading'),
    codeTitle: t('page.codeTitle'),
    codeHelp: t('page.codeHelp'),
    sendCode: t('page.sendCode'),
    codeLabel: t('page.codeLabel'),
    verify: t('page.verify'),
    codeSent: t('page.codeSent'),
    sms: {
      codeTitle: t('page.sms.codeTitle'),
      codeHelp: (phone) => t('page.sms.codeHelp', { phone }),
      sendCode: t('page.sms.sendCode'),
      codeSent: (phone) => t('page.sms.codeSent', { phone })
    },
    signatureTitle: t('page.signatureTitle'),
    adoptHelp: t('page.adoptHelp'),
    types: { WRITTEN: t('page.type.WRITTEN'), DRAWN: t('page.type.DRAWN'), UPLOADED: t('page.type.UPLOADED') },
    signatureTypesLabel: t('page.signatureTypesLabel'),
    typedLabel: t('page.typedLabel'),
    drawLabel: t('page.drawLabel'),
    clear: t('page.clear'),
    uploadLabel: t('page.uploadLabel'),
    adopt: t('page.adopt'),
    cancel: t('page.cancel'),
    finishTitle: t('page.finishTitle'),
    consent: t('page.consent'),
    sign: t('page.sign'),
    rejectOpen: t('page.rejectOpen'),
    rejectTitle: t('page.rejectTitle'),
    rejectNext: t('page.rejectNext'),
    reasonLabel: t('page.reasonLabel'),
    reject: t('page.reject'),
    next: t('page.next'),
    changeSignature: t('page.changeSignature'),
    zoom: t('page.zoom'),
    roles: { approve: t('fields.page.approve'), approveConsent: t('fields.page.approveConsent'), viewOnly: t('fields.page.viewOnly') },
    providerCode: { label: t('signature.page.providerCode'), help: t('signature.page.providerCodeHelp') },
    script: scriptTexts(language, t),
    identityScript: identityScriptTexts(language, t)
  };
}

const built = new Map<string, PageTexts>();

/** The page's texts in a language (an API code such as FR; anything unknown is English), built once. */
export function pageTexts(code: string): PageTexts {
  const language = languageOf(code);
  let texts = built.get(language.key);
  if (!texts) {
    texts = build(language);
    built.set(language.key, texts);
  }
  return texts;
}
