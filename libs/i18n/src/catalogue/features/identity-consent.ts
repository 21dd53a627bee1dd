import { defineFeatureMessages } from './define';

/**
 * The consent a signer gives before the identity checks: what is captured, why, for how long and who
 * sees it. Its wording is versioned (IDENTITY_CONSENT_VERSION of @signet/contracts): change a text here,
 * change the version, since each consent records the version and a hash of the text shown.
 * `{processor}` is who runs the checks: the sender's Signet, or Stripe.
 */
export const identityConsentMessages = defineFeatureMessages({
  en: {
    'identity.consent.title': 'Verify your identity',
    'identity.consent.what': '{sender} asks you to prove who you are before you sign. You will photograph an identity document (passport, identity card or driving licence) and, if asked, take a selfie.',
    'identity.consent.why': 'Your name on the document is compared with the name you were invited under, and your face in the selfie with the photo on the document. This uses biometric data about your face.',
    'identity.consent.retention': 'The photos are encrypted and deleted {days, plural, one {# day} other {# days}} after the check. The record keeps only the outcome, the document type, country, expiry and its last three characters.',
    'identity.consent.who': 'The checks are done by {processor}. {sender} sees the outcome, never your photos.',
    'identity.consent.agree': 'I agree to the identity check',
    'identity.consent.decline': 'I do not agree (reject the envelope)'
  },
  es: {
    'identity.consent.title': 'Verifique su identidad',
    'identity.consent.what': '{sender} le pide demostrar quién es antes de firmar. Fotografiará un documento de identidad (pasaporte, documento nacional de identidad o permiso de conducir) y, si se le pide, se hará un selfi.',
    'identity.consent.why': 'El nombre del documento se compara con el nombre con el que fue invitado, y su rostro en el selfi con la foto del documento. Esto utiliza datos biométricos de su rostro.',
    'identity.consent.retention': 'Las fotos se cifran y se eliminan {days, plural, one {# día} other {# días}} después de la verificación. El registro solo conserva el resultado, el tipo de documento, el país, la caducidad y sus tres últimos caracteres.',
    'identity.consent.who': 'Las verificaciones las realiza {processor}. {sender} ve el resultado, nunca sus fotos.',
    'identity.consent.agree': 'Acepto la verificación de identidad',
    'identity.consent.decline': 'No acepto (rechazar el sobre)'
  },
  fr: {
    'identity.consent.title': 'Vérifiez votre identité',
    'identity.consent.what': '{sender} vous demande de prouver votre identité avant de signer. Vous photographierez une pièce d’identité (passeport, carte d’identité ou permis de conduire) et, si demandé, prendrez un selfie.',
    'identity.consent.why': 'Le nom sur la pièce est comparé au nom sous lequel vous avez été invité, et votre visage sur le selfie à la photo de la pièce. Cela utilise des données biométriques de votre visage.',
    'identity.consent.retention': 'Les photos sont chiffrées et supprimées {days, plural, one {# jour} other {# jours}} après la vérification. Le dossier ne garde que le résultat, le type de pièce, le pays, la date d’expiration et ses trois derniers caractères.',
    'identity.consent.who': 'Les vérifications sont faites par {processor}. {sender} voit le résultat, jamais vos photos.',
    'identity.consent.agree': 'J’accepte la vérification d’identité',
    'identity.consent.decline': 'Je n’accepte pas (refuser l’enveloppe)'
  },
  de: {
    'identity.consent.title': 'Identität bestätigen',
    'identity.consent.what': '{sender} bittet Sie, vor dem Unterzeichnen nachzuweisen, wer Sie sind. Sie fotografieren ein Ausweisdokument (Reisepass, Personalausweis oder Führerschein) und machen, falls verlangt, ein Selfie.',
    'identity.consent.why': 'Der Name auf dem Dokument wird mit dem Namen verglichen, unter dem Sie eingeladen wurden, und Ihr Gesicht im Selfie mit dem Foto auf dem Dokument. Dabei werden biometrische Daten Ihres Gesichts verwendet.',
    'identity.consent.retention': 'Die Fotos werden verschlüsselt und {days, plural, one {# Tag} other {# Tage}} nach der Prüfung gelöscht. Die Aufzeichnung behält nur das Ergebnis, die Dokumentart, das Land, das Ablaufdatum und die letzten drei Zeichen.',
    'identity.consent.who': 'Die Prüfungen führt {processor} durch. {sender} sieht das Ergebnis, nie Ihre Fotos.',
    'identity.consent.agree': 'Ich stimme der Identitätsprüfung zu',
    'identity.consent.decline': 'Ich stimme nicht zu (Umschlag ablehnen)'
  },
  it: {
    'identity.consent.title': 'Verifica la tua identità',
    'identity.consent.what': '{sender} ti chiede di dimostrare chi sei prima di firmare. Fotograferai un documento d’identità (passaporto, carta d’identità o patente di guida) e, se richiesto, farai un selfie.',
    'identity.consent.why': 'Il nome sul documento viene confrontato con il nome con cui sei stato invitato, e il tuo volto nel selfie con la foto del documento. Questo usa dati biometrici del tuo volto.',
    'identity.consent.retention': 'Le foto sono cifrate ed eliminate {days, plural, one {# giorno} other {# giorni}} dopo la verifica. Il registro conserva solo l’esito, il tipo di documento, il paese, la scadenza e i suoi ultimi tre caratteri.',
    'identity.consent.who': 'Le verifiche sono svolte da {processor}. {sender} vede l’esito, mai le tue foto.',
    'identity.consent.agree': 'Acconsento alla verifica dell’identità',
    'identity.consent.decline': 'Non acconsento (rifiuta la busta)'
  },
  pt: {
    'identity.consent.title': 'Verifique a sua identidade',
    'identity.consent.what': '{sender} pede-lhe que prove quem é antes de assinar. Vai fotografar um documento de identidade (passaporte, cartão de identidade ou carta de condução) e, se pedido, tirar uma selfie.',
    'identity.consent.why': 'O nome no documento é comparado com o nome com que foi convidado, e o seu rosto na selfie com a foto do documento. Isto usa dados biométricos do seu rosto.',
    'identity.consent.retention': 'As fotos são cifradas e apagadas {days, plural, one {# dia} other {# dias}} após a verificação. O registo guarda apenas o resultado, o tipo de documento, o país, a validade e os seus três últimos caracteres.',
    'identity.consent.who': 'As verificações são feitas por {processor}. {sender} vê o resultado, nunca as suas fotos.',
    'identity.consent.agree': 'Concordo com a verificação de identidade',
    'identity.consent.decline': 'Não concordo (recusar o envelope)'
  },
  nl: {
    'identity.consent.title': 'Bevestig uw identiteit',
    'identity.consent.what': '{sender} vraagt u te bewijzen wie u bent voordat u ondertekent. U fotografeert een identiteitsbewijs (paspoort, identiteitskaart of rijbewijs) en maakt, als daarom gevraagd wordt, een selfie.',
    'identity.consent.why': 'De naam op het document wordt vergeleken met de naam waaronder u bent uitgenodigd, en uw gezicht in de selfie met de foto op het document. Hiervoor worden biometrische gegevens van uw gezicht gebruikt.',
    'identity.consent.retention': 'De foto’s worden versleuteld en {days, plural, one {# dag} other {# dagen}} na de controle verwijderd. Het dossier bewaart alleen de uitkomst, het soort document, het land, de vervaldatum en de laatste drie tekens.',
    'identity.consent.who': 'De controles worden uitgevoerd door {processor}. {sender} ziet de uitkomst, nooit uw foto’s.',
    'identity.consent.agree': 'Ik ga akkoord met de identiteitscontrole',
    'identity.consent.decline': 'Ik ga niet akkoord (de envelop weigeren)'
  },
  pl: {
    'identity.consent.title': 'Potwierdź swoją tożsamość',
    'identity.consent.what': '{sender} prosi, aby przed złożeniem podpisu potwierdzić, kim jesteś. Sfotografujesz dokument tożsamości (paszport, dowód osobisty lub prawo jazdy) i, jeśli zostaniesz poproszony, zrobisz selfie.',
    'identity.consent.why': 'Imię i nazwisko z dokumentu porównujemy z tymi, pod którymi cię zaproszono, a twarz z selfie ze zdjęciem w dokumencie. Wykorzystuje to dane biometryczne twojej twarzy.',
    'identity.consent.retention': 'Zdjęcia są szyfrowane i usuwane {days, plural, one {# dzień} few {# dni} many {# dni} other {# dnia}} po weryfikacji. Zapis zachowuje tylko wynik, rodzaj dokumentu, kraj, datę ważności i jego trzy ostatnie znaki.',
    'identity.consent.who': 'Weryfikację przeprowadza {processor}. {sender} widzi wynik, nigdy twoje zdjęcia.',
    'identity.consent.agree': 'Wyrażam zgodę na weryfikację tożsamości',
    'identity.consent.decline': 'Nie wyrażam zgody (odrzuć kopertę)'
  },
  ca: {
    'identity.consent.title': 'Verifiqueu la vostra identitat',
    'identity.consent.what': '{sender} us demana que demostreu qui sou abans de signar. Fotografiareu un document d’identitat (passaport, document d’identitat o permís de conduir) i, si se us demana, us fareu un selfie.',
    'identity.consent.why': 'El nom del document es compara amb el nom amb què us van convidar, i la vostra cara al selfie amb la foto del document. Això fa servir dades biomètriques de la vostra cara.',
    'identity.consent.retention': 'Les fotos es xifren i s’esborren {days, plural, one {# dia} other {# dies}} després de la verificació. El registre només conserva el resultat, el tipus de document, el país, la caducitat i els seus tres últims caràcters.',
    'identity.consent.who': 'Les verificacions les fa {processor}. {sender} veu el resultat, mai les vostres fotos.',
    'identity.consent.agree': 'Accepto la verificació d’identitat',
    'identity.consent.decline': 'No accepto (rebutjar el sobre)'
  },
  sv: {
    'identity.consent.title': 'Bekräfta din identitet',
    'identity.consent.what': '{sender} ber dig visa vem du är innan du signerar. Du fotograferar en id-handling (pass, id-kort eller körkort) och tar, om du ombeds, en selfie.',
    'identity.consent.why': 'Namnet på handlingen jämförs med namnet du bjöds in under, och ditt ansikte i selfien med fotot på handlingen. Det använder biometriska uppgifter om ditt ansikte.',
    'identity.consent.retention': 'Fotona krypteras och raderas {days, plural, one {# dag} other {# dagar}} efter kontrollen. Posten behåller bara utfallet, handlingens typ, land, giltighetstid och dess tre sista tecken.',
    'identity.consent.who': 'Kontrollerna görs av {processor}. {sender} ser utfallet, aldrig dina foton.',
    'identity.consent.agree': 'Jag samtycker till identitetskontrollen',
    'identity.consent.decline': 'Jag samtycker inte (avvisa kuvertet)'
  },
  tr: {
    'identity.consent.title': 'Kimliğinizi doğrulayın',
    'identity.consent.what': '{sender}, imzalamadan önce kim olduğunuzu kanıtlamanızı istiyor. Bir kimlik belgesinin (pasaport, kimlik kartı veya sürücü belgesi) fotoğrafını çekecek ve istenirse bir selfie çekeceksiniz.',
    'identity.consent.why': 'Belgedeki ad, davet edildiğiniz adla; selfiedeki yüzünüz ise belgedeki fotoğrafla karşılaştırılır. Bu işlem yüzünüze ait biyometrik verileri kullanır.',
    'identity.consent.retention': 'Fotoğraflar şifrelenir ve doğrulamadan {days, plural, one {# gün} other {# gün}} sonra silinir. Kayıtta yalnızca sonuç, belge türü, ülke, son geçerlilik tarihi ve son üç karakteri kalır.',
    'identity.consent.who': 'Doğrulamaları {processor} yapar. {sender} sonucu görür, fotoğraflarınızı asla görmez.',
    'identity.consent.agree': 'Kimlik doğrulamasını onaylıyorum',
    'identity.consent.decline': 'Onaylamıyorum (zarfı reddet)'
  },
  ja: {
    'identity.consent.title': '本人確認',
    'identity.consent.what': '{sender} は、署名の前にご本人であることの確認を求めています。身分証明書（パスポート、身分証明カード、運転免許証）を撮影し、求められた場合はセルフィーを撮影します。',
    'identity.consent.why': '書類の氏名は招待時の氏名と、セルフィーの顔は書類の写真と照合されます。これには顔の生体データを使用します。',
    'identity.consent.retention': '写真は暗号化され、確認の{days, plural, other {#日}}後に削除されます。記録には結果、書類の種類、国、有効期限、番号の末尾3文字のみが残ります。',
    'identity.consent.who': '確認は {processor} が行います。{sender} は結果のみを見て、写真を見ることはありません。',
    'identity.consent.agree': '本人確認に同意します',
    'identity.consent.decline': '同意しません（封筒を拒否する）'
  },
  zh: {
    'identity.consent.title': '验证您的身份',
    'identity.consent.what': '{sender} 要求您在签署前证明您的身份。您将拍摄一份身份证件（护照、身份证或驾驶证），并在需要时拍摄一张自拍。',
    'identity.consent.why': '证件上的姓名将与邀请您时使用的姓名比对，自拍中的面部将与证件照片比对。这会使用您面部的生物特征数据。',
    'identity.consent.retention': '照片经过加密，并在验证后{days, plural, other {#天}}删除。记录只保留结果、证件类型、国家、有效期及其最后三个字符。',
    'identity.consent.who': '验证由 {processor} 进行。{sender} 只看到结果，绝不会看到您的照片。',
    'identity.consent.agree': '我同意进行身份验证',
    'identity.consent.decline': '我不同意（拒绝此信封）'
  },
  ko: {
    'identity.consent.title': '본인 확인',
    'identity.consent.what': '{sender}에서 서명 전에 본인임을 증명하도록 요청합니다. 신분증(여권, 신분증 또는 운전면허증)을 촬영하고, 요청이 있으면 셀카를 찍습니다.',
    'identity.consent.why': '신분증의 이름은 초대받은 이름과, 셀카의 얼굴은 신분증 사진과 비교됩니다. 이 과정에서 얼굴의 생체 정보가 사용됩니다.',
    'identity.consent.retention': '사진은 암호화되며 확인 후 {days, plural, other {#일}}이 지나면 삭제됩니다. 기록에는 결과, 신분증 종류, 국가, 유효기간, 번호의 마지막 세 글자만 남습니다.',
    'identity.consent.who': '확인은 {processor}에서 수행합니다. {sender}에서는 결과만 보며 사진은 절대 보지 않습니다.',
    'identity.consent.agree': '본인 확인에 동의합니다',
    'identity.consent.decline': '동의하지 않습니다(봉투 거부)'
  },
  ar: {
    'identity.consent.title': 'تحقق من هويتك',
    'identity.consent.what': 'يطلب منك {sender} إثبات هويتك قبل التوقيع. ستلتقط صورة لوثيقة هوية (جواز سفر أو بطاقة هوية أو رخصة قيادة)، وإذا طُلب منك، صورة ذاتية.',
    'identity.consent.why': 'يُقارن الاسم الوارد في الوثيقة بالاسم الذي دُعيت به، ووجهك في الصورة الذاتية بالصورة الموجودة في الوثيقة. يستخدم ذلك بيانات حيوية عن وجهك.',
    'identity.consent.retention': 'تُشفَّر الصور وتُحذف بعد {days, plural, zero {# يوم} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}} من التحقق. لا يحتفظ السجل إلا بالنتيجة ونوع الوثيقة والبلد وتاريخ الانتهاء وآخر ثلاثة أحرف منها.',
    'identity.consent.who': 'يُجري التحقق {processor}. يرى {sender} النتيجة فقط، ولا يرى صورك أبدًا.',
    'identity.consent.agree': 'أوافق على التحقق من الهوية',
    'identity.consent.decline': 'لا أوافق (رفض المغلف)'
  }
});
