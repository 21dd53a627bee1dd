import type { SigningState } from '../signing/signing-state';

/** What the signer page says, in the envelope's language; the recipient reads these, so they are plain. */
export interface PageTexts {
  lang: string;
  states: Record<Exclude<SigningState, 'READY'>, string>;
  notFound: string;
  intro: string;
  loading: string;
  codeTitle: string;
  codeHelp: string;
  sendCode: string;
  codeLabel: string;
  verify: string;
  codeSent: string;
  /** The code step's texts when the code comes by SMS (phone validation). */
  sms: { codeTitle: string; codeHelp: string; sendCode: string; codeSent: string };
  signatureTitle: string;
  types: { WRITTEN: string; DRAWN: string; UPLOADED: string };
  typedLabel: string;
  clear: string;
  uploadLabel: string;
  consent: string;
  sign: string;
  rejectTitle: string;
  reasonLabel: string;
  reject: string;
  here: string;
  failed: string;
}

const EN: PageTexts = {
  lang: 'en',
  states: {
    NOT_YOUR_TURN: 'It is not your turn to sign yet: an earlier recipient has not signed. We will email you when it is.',
    ALREADY_SIGNED: 'You have signed this envelope. Thank you.',
    REJECTED: 'A recipient rejected this envelope, so it can no longer be signed.',
    VOIDED: 'The sender voided this envelope, so it can no longer be signed.',
    COMPLETED: 'Every recipient has signed: this envelope is complete.'
  },
  notFound: 'This signing link is not valid.',
  intro: 'Read the documents below; your signature goes where they are marked.',
  loading: 'Loading the documents...',
  codeTitle: 'Confirm your email address',
  codeHelp: 'We email you a 6-digit code; enter it here to continue.',
  sendCode: 'Email me a code',
  codeLabel: 'Code',
  verify: 'Verify',
  codeSent: 'Code sent: check your inbox.',
  sms: {
    codeTitle: 'Confirm your phone number',
    codeHelp: 'We text you a 6-digit code; enter it here to continue.',
    sendCode: 'Text me a code',
    codeSent: 'Code sent: check your phone.'
  },
  signatureTitle: 'Your signature',
  types: { WRITTEN: 'Type', DRAWN: 'Draw', UPLOADED: 'Upload' },
  typedLabel: 'Your full name',
  clear: 'Clear',
  uploadLabel: 'A PNG or JPG image of your signature',
  consent: 'I agree to sign these documents electronically, and that my electronic signature is as binding as a handwritten one.',
  sign: 'Sign',
  rejectTitle: 'Do not want to sign?',
  reasonLabel: 'Reason',
  reject: 'Reject',
  here: 'Sign here',
  failed: 'That did not work:'
};

const ES: PageTexts = {
  lang: 'es',
  states: {
    NOT_YOUR_TURN: 'Aún no es su turno para firmar: falta la firma de un destinatario anterior. Le avisaremos por correo.',
    ALREADY_SIGNED: 'Ya firmó este sobre. Gracias.',
    REJECTED: 'Un destinatario rechazó este sobre, por lo que ya no se puede firmar.',
    VOIDED: 'El remitente anuló este sobre, por lo que ya no se puede firmar.',
    COMPLETED: 'Todos los destinatarios han firmado: el sobre está completo.'
  },
  notFound: 'Este enlace de firma no es válido.',
  intro: 'Lea los documentos; su firma irá donde están marcados.',
  loading: 'Cargando los documentos...',
  codeTitle: 'Confirme su correo electrónico',
  codeHelp: 'Le enviamos un código de 6 dígitos; ingréselo aquí para continuar.',
  sendCode: 'Enviarme un código',
  codeLabel: 'Código',
  verify: 'Verificar',
  codeSent: 'Código enviado: revise su correo.',
  sms: {
    codeTitle: 'Confirme su número de teléfono',
    codeHelp: 'Le enviamos un código de 6 dígitos por SMS; ingréselo aquí para continuar.',
    sendCode: 'Enviarme un código por SMS',
    codeSent: 'Código enviado: revise su teléfono.'
  },
  signatureTitle: 'Su firma',
  types: { WRITTEN: 'Escribir', DRAWN: 'Dibujar', UPLOADED: 'Subir' },
  typedLabel: 'Su nombre completo',
  clear: 'Borrar',
  uploadLabel: 'Una imagen PNG o JPG de su firma',
  consent: 'Acepto firmar estos documentos electrónicamente, y que mi firma electrónica vale tanto como una manuscrita.',
  sign: 'Firmar',
  rejectTitle: '¿No desea firmar?',
  reasonLabel: 'Motivo',
  reject: 'Rechazar',
  here: 'Firme aquí',
  failed: 'No se pudo completar:'
};

export function pageTexts(language: string): PageTexts {
  return language === 'ES' ? ES : EN;
}
