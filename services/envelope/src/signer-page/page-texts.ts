import type { SigningState } from '../signing/signing-state';

/**
 * What the signer page says, in the envelope's language; the recipient reads these, so they are plain.
 * `script` holds the texts the page's script shows (errors, progress), so no server message in English
 * ever reaches a Spanish page.
 */
export interface PageTexts {
  lang: string;
  states: Record<Exclude<SigningState, 'READY'>, string>;
  notFound: string;
  rejectedByYou: string;
  signedNext: { preparing: string; email: string; noEmail: string };
  signedCopy: string;
  signedCopyEmailed: string;
  contact: (brand: string) => string;
  contactNobody: string;
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
  script: Record<string, string>;
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
  notFound: 'This signing link is not valid. It may have expired or been replaced: ask the person who sent it for a new one.',
  rejectedByYou: 'You rejected this envelope. The sender has been told, with your reason, and no one can sign it now. Nothing more is needed from you.',
  signedNext: {
    preparing: 'Everyone has signed. The signed copy is being prepared and will appear here in a moment.',
    email: 'When everyone has signed, we will email you the signed copy.',
    noEmail: 'When everyone has signed, the sender can give you the signed copy.'
  },
  signedCopy: 'Download the signed copy:',
  signedCopyEmailed: 'We also emailed it to you.',
  contact: (brand) => `Questions about this envelope? Contact ${brand}.`,
  contactNobody: 'Questions about this envelope? Contact the person who sent it to you.',
  intro: 'Read the documents below; your signature goes where they are marked.',
  loading: 'Loading the documents...',
  codeTitle: 'Confirm your email address',
  codeHelp: 'We email you a 6-digit code; enter it here to continue.',
  sendCode: 'Email me a code',
  codeLabel: '6-digit code',
  verify: 'Verify',
  codeSent: 'Code sent: check your inbox.',
  sms: {
    codeTitle: 'Confirm your phone number',
    codeHelp: (phone) => `We text a 6-digit code to your phone, ${phone}; enter it here to continue.`,
    sendCode: 'Text me a code',
    codeSent: (phone) => `Code sent by text message to ${phone}.`
  },
  signatureTitle: 'Your signature',
  adoptHelp: 'Adopt your signature once; it goes in every place marked for you.',
  types: { WRITTEN: 'Type', DRAWN: 'Draw', UPLOADED: 'Upload' },
  signatureTypesLabel: 'How to sign',
  typedLabel: 'Your full name',
  drawLabel: 'Draw your signature in the box with the mouse, a finger or a pen',
  clear: 'Clear',
  uploadLabel: 'A PNG or JPG image of your signature',
  adopt: 'Adopt and sign',
  cancel: 'Cancel',
  finishTitle: 'Finish',
  consent: 'I agree to sign these documents electronically, and that my electronic signature is as binding as a handwritten one.',
  sign: 'Sign',
  rejectOpen: 'Reject the envelope',
  rejectTitle: 'Reject this envelope?',
  rejectNext: 'The sender will be told, with your reason, and no one will be able to sign this envelope any more. This cannot be undone.',
  reasonLabel: 'Reason (the sender will see it)',
  reject: 'Reject',
  next: 'Next',
  changeSignature: 'Change signature',
  zoom: 'Zoom',
  script: {
    signHere: 'Sign here',
    signed: 'Signed',
    progress: '{done} of {total} signed',
    allDone: 'All places signed: tick the box and sign.',
    next: 'Next',
    finish: 'Finish',
    failed: 'That did not work. Please try again.',
    conflict: 'This envelope can no longer be signed from this page. Reload it to see why.',
    codeSent: 'Code sent: check your inbox.',
    codeFormat: 'Enter the 6 digits of the code.',
    codeWrong: 'The code is not correct: {left} attempts left.',
    codeWrongOne: 'The code is not correct: 1 attempt left.',
    codeExhausted: 'The code failed 3 times and no longer works: ask for a new one.',
    codeExpired: 'The code has expired: ask for a new one.',
    codeMissing: 'Ask for a code first.',
    codeWait: 'Wait {seconds} seconds before asking for another code.',
    codeRequired: 'Confirm your email address before signing.',
    smsNotAllowed: 'Codes cannot be texted to your phone number. Contact the person who sent you this envelope.',
    smsLimit: 'No more codes can be texted for now. Try again later, or contact the person who sent you this envelope.',
    loadFailed: 'The documents could not be loaded. Reload the page to try again.',
    page: 'Page {page} of {pages}'
  }
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
  notFound: 'Este enlace de firma no es válido. Puede haber caducado o haber sido reemplazado: pida uno nuevo a quien se lo envió.',
  rejectedByYou: 'Rechazó este sobre. Se avisó al remitente, con su motivo, y ya nadie puede firmarlo. No se necesita nada más de usted.',
  signedNext: {
    preparing: 'Todos firmaron. La copia firmada se está preparando y aparecerá aquí en un momento.',
    email: 'Cuando todos hayan firmado, le enviaremos la copia firmada por correo.',
    noEmail: 'Cuando todos hayan firmado, el remitente podrá darle la copia firmada.'
  },
  signedCopy: 'Descargue la copia firmada:',
  signedCopyEmailed: 'También se la enviamos por correo.',
  contact: (brand) => `¿Preguntas sobre este sobre? Contacte a ${brand}.`,
  contactNobody: '¿Preguntas sobre este sobre? Contacte a quien se lo envió.',
  intro: 'Lea los documentos; su firma irá donde están marcados.',
  loading: 'Cargando los documentos...',
  codeTitle: 'Confirme su correo electrónico',
  codeHelp: 'Le enviamos un código de 6 dígitos; ingréselo aquí para continuar.',
  sendCode: 'Enviarme un código',
  codeLabel: 'Código de 6 dígitos',
  verify: 'Verificar',
  codeSent: 'Código enviado: revise su correo.',
  sms: {
    codeTitle: 'Confirme su número de teléfono',
    codeHelp: (phone) => `Le enviamos un código de 6 dígitos por SMS a su teléfono, ${phone}; ingréselo aquí para continuar.`,
    sendCode: 'Enviarme un código por SMS',
    codeSent: (phone) => `Código enviado por SMS al ${phone}.`
  },
  signatureTitle: 'Su firma',
  adoptHelp: 'Adopte su firma una vez; irá en cada lugar marcado para usted.',
  types: { WRITTEN: 'Escribir', DRAWN: 'Dibujar', UPLOADED: 'Subir' },
  signatureTypesLabel: 'Cómo firmar',
  typedLabel: 'Su nombre completo',
  drawLabel: 'Dibuje su firma en el recuadro con el ratón, un dedo o un lápiz',
  clear: 'Borrar',
  uploadLabel: 'Una imagen PNG o JPG de su firma',
  adopt: 'Adoptar y firmar',
  cancel: 'Cancelar',
  finishTitle: 'Finalizar',
  consent: 'Acepto firmar estos documentos electrónicamente, y que mi firma electrónica vale tanto como una manuscrita.',
  sign: 'Firmar',
  rejectOpen: 'Rechazar el sobre',
  rejectTitle: '¿Rechazar este sobre?',
  rejectNext: 'Se avisará al remitente, con su motivo, y nadie podrá firmar este sobre. No se puede deshacer.',
  reasonLabel: 'Motivo (el remitente lo verá)',
  reject: 'Rechazar',
  next: 'Siguiente',
  changeSignature: 'Cambiar la firma',
  zoom: 'Zoom',
  script: {
    signHere: 'Firme aquí',
    signed: 'Firmado',
    progress: '{done} de {total} firmados',
    allDone: 'Todos los lugares firmados: marque la casilla y firme.',
    next: 'Siguiente',
    finish: 'Finalizar',
    failed: 'No se pudo completar. Inténtelo de nuevo.',
    conflict: 'Este sobre ya no se puede firmar desde esta página. Recárguela para ver por qué.',
    codeSent: 'Código enviado: revise su correo.',
    codeFormat: 'Ingrese los 6 dígitos del código.',
    codeWrong: 'El código no es correcto: quedan {left} intentos.',
    codeWrongOne: 'El código no es correcto: queda 1 intento.',
    codeExhausted: 'El código falló 3 veces y ya no sirve: pida uno nuevo.',
    codeExpired: 'El código caducó: pida uno nuevo.',
    codeMissing: 'Pida un código primero.',
    codeWait: 'Espere {seconds} segundos antes de pedir otro código.',
    codeRequired: 'Confirme su correo electrónico antes de firmar.',
    smsNotAllowed: 'No se pueden enviar códigos por SMS a su número de teléfono. Contacte a quien le envió este sobre.',
    smsLimit: 'Por ahora no se pueden enviar más códigos por SMS. Inténtelo más tarde o contacte a quien le envió este sobre.',
    loadFailed: 'No se pudieron cargar los documentos. Recargue la página para intentarlo de nuevo.',
    page: 'Página {page} de {pages}'
  }
};

export function pageTexts(language: string): PageTexts {
  return language === 'ES' ? ES : EN;
}
