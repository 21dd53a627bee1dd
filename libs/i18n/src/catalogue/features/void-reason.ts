import { defineFeatureMessages } from './define';

/** The sender's reason for voiding, as the voided email gives it. */
export const voidReasonMessages = defineFeatureMessages({
  en: {
    'void.mail.reason': 'Reason: {reason}'
  },
  es: {
    'void.mail.reason': 'Motivo: {reason}'
  },
  fr: {
    'void.mail.reason': 'Motif : {reason}'
  },
  de: {
    'void.mail.reason': 'Begründung: {reason}'
  },
  it: {
    'void.mail.reason': 'Motivo: {reason}'
  },
  pt: {
    'void.mail.reason': 'Motivo: {reason}'
  },
  nl: {
    'void.mail.reason': 'Reden: {reason}'
  },
  pl: {
    'void.mail.reason': 'Powód: {reason}'
  },
  ca: {
    'void.mail.reason': 'Motiu: {reason}'
  },
  sv: {
    'void.mail.reason': 'Anledning: {reason}'
  },
  tr: {
    'void.mail.reason': 'Gerekçe: {reason}'
  },
  ja: {
    'void.mail.reason': '理由：{reason}'
  },
  zh: {
    'void.mail.reason': '理由：{reason}'
  },
  ko: {
    'void.mail.reason': '사유: {reason}'
  },
  ar: {
    'void.mail.reason': 'السبب: {reason}'
  }
});
