import { defineFeatureMessages } from './define';

/** signature.level qualified on the signer page: the code the signing provider sent, and its refusal. */
export const signatureLevelMessages = defineFeatureMessages({
  en: {
    'signature.page.providerCode': 'Code from your signing provider',
    'signature.page.providerCodeHelp': 'Your signature is a qualified electronic signature, made by your signing provider. Enter the one-time code it sent you.',
    'signature.page.providerRefused': 'Your signing provider did not accept the code. Check it, or ask the provider for a new one.',
    'signature.page.providerUnavailable': 'Your signing provider could not be reached. Nothing was signed; please try again in a moment.'
  },
  es: {
    'signature.page.providerCode': 'Código de su proveedor de firma',
    'signature.page.providerCodeHelp': 'Su firma es una firma electrónica cualificada, creada por su proveedor de firma. Introduzca el código de un solo uso que le ha enviado.',
    'signature.page.providerRefused': 'Su proveedor de firma no ha aceptado el código. Revíselo o pida uno nuevo al proveedor.',
    'signature.page.providerUnavailable': 'No se ha podido contactar con su proveedor de firma. No se ha firmado nada; inténtelo de nuevo en un momento.'
  },
  fr: {
    'signature.page.providerCode': 'Code de votre prestataire de signature',
    'signature.page.providerCodeHelp': 'Votre signature est une signature électronique qualifiée, créée par votre prestataire de signature. Saisissez le code à usage unique qu\'il vous a envoyé.',
    'signature.page.providerRefused': 'Votre prestataire de signature n\'a pas accepté le code. Vérifiez-le ou demandez-en un nouveau au prestataire.',
    'signature.page.providerUnavailable': 'Votre prestataire de signature est injoignable. Rien n\'a été signé ; réessayez dans un instant.'
  },
  de: {
    'signature.page.providerCode': 'Code Ihres Signierdienstes',
    'signature.page.providerCodeHelp': 'Ihre Unterschrift ist eine qualifizierte elektronische Signatur, erstellt von Ihrem Signierdienst. Geben Sie den Einmalcode ein, den er Ihnen gesendet hat.',
    'signature.page.providerRefused': 'Ihr Signierdienst hat den Code nicht akzeptiert. Prüfen Sie ihn oder fordern Sie beim Dienst einen neuen an.',
    'signature.page.providerUnavailable': 'Ihr Signierdienst ist nicht erreichbar. Es wurde nichts unterschrieben; bitte versuchen Sie es gleich noch einmal.'
  },
  it: {
    'signature.page.providerCode': 'Codice del tuo fornitore di firma',
    'signature.page.providerCodeHelp': 'La tua firma è una firma elettronica qualificata, creata dal tuo fornitore di firma. Inserisci il codice monouso che ti ha inviato.',
    'signature.page.providerRefused': 'Il tuo fornitore di firma non ha accettato il codice. Controllalo o chiedine uno nuovo al fornitore.',
    'signature.page.providerUnavailable': 'Non è stato possibile raggiungere il tuo fornitore di firma. Non è stato firmato nulla; riprova tra poco.'
  },
  pt: {
    'signature.page.providerCode': 'Código do seu prestador de assinatura',
    'signature.page.providerCodeHelp': 'A sua assinatura é uma assinatura eletrónica qualificada, criada pelo seu prestador de assinatura. Introduza o código de utilização única que ele lhe enviou.',
    'signature.page.providerRefused': 'O seu prestador de assinatura não aceitou o código. Verifique-o ou peça um novo ao prestador.',
    'signature.page.providerUnavailable': 'Não foi possível contactar o seu prestador de assinatura. Nada foi assinado; tente novamente dentro de momentos.'
  },
  nl: {
    'signature.page.providerCode': 'Code van uw ondertekeningsdienst',
    'signature.page.providerCodeHelp': 'Uw handtekening is een gekwalificeerde elektronische handtekening, gemaakt door uw ondertekeningsdienst. Vul de eenmalige code in die u van de dienst hebt gekregen.',
    'signature.page.providerRefused': 'Uw ondertekeningsdienst heeft de code niet geaccepteerd. Controleer de code of vraag de dienst om een nieuwe.',
    'signature.page.providerUnavailable': 'Uw ondertekeningsdienst is niet bereikbaar. Er is niets ondertekend; probeer het zo opnieuw.'
  },
  pl: {
    'signature.page.providerCode': 'Kod od dostawcy podpisu',
    'signature.page.providerCodeHelp': 'Twój podpis jest kwalifikowanym podpisem elektronicznym, składanym przez Twojego dostawcę podpisu. Wpisz jednorazowy kod, który od niego otrzymałeś.',
    'signature.page.providerRefused': 'Dostawca podpisu nie przyjął kodu. Sprawdź go lub poproś dostawcę o nowy.',
    'signature.page.providerUnavailable': 'Nie udało się połączyć z dostawcą podpisu. Nic nie zostało podpisane; spróbuj ponownie za chwilę.'
  },
  ca: {
    'signature.page.providerCode': 'Codi del vostre proveïdor de signatura',
    'signature.page.providerCodeHelp': 'La vostra signatura és una signatura electrònica qualificada, creada pel vostre proveïdor de signatura. Introduïu el codi d\'un sol ús que us ha enviat.',
    'signature.page.providerRefused': 'El vostre proveïdor de signatura no ha acceptat el codi. Reviseu-lo o demaneu-ne un de nou al proveïdor.',
    'signature.page.providerUnavailable': 'No s\'ha pogut contactar amb el vostre proveïdor de signatura. No s\'ha signat res; torneu-ho a provar d\'aquí a un moment.'
  },
  sv: {
    'signature.page.providerCode': 'Kod från din signeringstjänst',
    'signature.page.providerCodeHelp': 'Din signatur är en kvalificerad elektronisk signatur som skapas av din signeringstjänst. Ange engångskoden som tjänsten skickade till dig.',
    'signature.page.providerRefused': 'Din signeringstjänst godtog inte koden. Kontrollera den eller be tjänsten om en ny.',
    'signature.page.providerUnavailable': 'Det gick inte att nå din signeringstjänst. Inget har undertecknats; försök igen om en stund.'
  },
  tr: {
    'signature.page.providerCode': 'İmza sağlayıcınızdan gelen kod',
    'signature.page.providerCodeHelp': 'İmzanız, imza sağlayıcınız tarafından oluşturulan nitelikli bir elektronik imzadır. Size gönderdiği tek kullanımlık kodu girin.',
    'signature.page.providerRefused': 'İmza sağlayıcınız kodu kabul etmedi. Kodu kontrol edin veya sağlayıcıdan yeni bir kod isteyin.',
    'signature.page.providerUnavailable': 'İmza sağlayıcınıza ulaşılamadı. Hiçbir şey imzalanmadı; lütfen biraz sonra yeniden deneyin.'
  },
  ja: {
    'signature.page.providerCode': '署名サービスからのコード',
    'signature.page.providerCodeHelp': 'あなたの署名は、署名サービスが作成する適格電子署名です。署名サービスから届いたワンタイムコードを入力してください。',
    'signature.page.providerRefused': '署名サービスがコードを受け付けませんでした。コードを確認するか、署名サービスに新しいコードを依頼してください。',
    'signature.page.providerUnavailable': '署名サービスに接続できませんでした。何も署名されていません。しばらくしてからもう一度お試しください。'
  },
  zh: {
    'signature.page.providerCode': '签名服务商发送的验证码',
    'signature.page.providerCodeHelp': '您的签名是由您的签名服务商创建的合格电子签名。请输入服务商发给您的一次性验证码。',
    'signature.page.providerRefused': '签名服务商未接受该验证码。请检查验证码，或向服务商索取新的验证码。',
    'signature.page.providerUnavailable': '无法连接您的签名服务商。未签署任何内容，请稍后重试。'
  },
  ko: {
    'signature.page.providerCode': '서명 서비스 제공자가 보낸 코드',
    'signature.page.providerCodeHelp': '귀하의 서명은 서명 서비스 제공자가 생성하는 적격 전자서명입니다. 제공자가 보낸 일회용 코드를 입력하세요.',
    'signature.page.providerRefused': '서명 서비스 제공자가 코드를 받아들이지 않았습니다. 코드를 확인하거나 제공자에게 새 코드를 요청하세요.',
    'signature.page.providerUnavailable': '서명 서비스 제공자에 연결할 수 없습니다. 아무것도 서명되지 않았습니다. 잠시 후 다시 시도하세요.'
  },
  ar: {
    'signature.page.providerCode': 'الرمز المرسل من مزوّد التوقيع',
    'signature.page.providerCodeHelp': 'توقيعك توقيع إلكتروني مؤهَّل يُنشئه مزوّد التوقيع الخاص بك. أدخل الرمز لمرة واحدة الذي أرسله إليك.',
    'signature.page.providerRefused': 'لم يقبل مزوّد التوقيع الرمز. تحقّق منه أو اطلب رمزًا جديدًا من المزوّد.',
    'signature.page.providerUnavailable': 'تعذّر الوصول إلى مزوّد التوقيع. لم يُوقَّع أي شيء؛ يُرجى المحاولة مرة أخرى بعد قليل.'
  }
});
