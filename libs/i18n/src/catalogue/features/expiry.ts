import { defineFeatureMessages } from './define';

/** Expiry and reminders: the reminder, warning and expired emails, and the signer page of an expired envelope. */
export const expiryMessages = defineFeatureMessages({
  en: {
    'expiry.mail.reminder.subject': 'Reminder: "{envelope}" is waiting for you to sign',
    'expiry.mail.reminder.body': '{sender} is still waiting for you to review and sign "{envelope}".',
    'expiry.mail.warning.subject': 'The request to sign "{envelope}" expires soon',
    'expiry.mail.warning.body': '{sender} asked you to sign "{envelope}". The request expires on {date}: please sign before then.',
    'expiry.mail.expired.subject': 'The request to sign "{envelope}" expired',
    'expiry.mail.expired.body': 'The request from {sender} to sign "{envelope}" expired before it was complete. The link no longer works; contact {sender} if you still need to sign.',
    'expiry.page.state.EXPIRED': 'This envelope expired before everyone signed, so it can no longer be signed.'
  },
  es: {
    'expiry.mail.reminder.subject': 'Recordatorio: "{envelope}" espera su firma',
    'expiry.mail.reminder.body': '{sender} sigue esperando que revise y firme "{envelope}".',
    'expiry.mail.warning.subject': 'La solicitud para firmar "{envelope}" vence pronto',
    'expiry.mail.warning.body': '{sender} le pidió firmar "{envelope}". La solicitud vence el {date}: firme antes de esa fecha.',
    'expiry.mail.expired.subject': 'La solicitud para firmar "{envelope}" venció',
    'expiry.mail.expired.body': 'La solicitud de {sender} para firmar "{envelope}" venció antes de completarse. El enlace ya no funciona; contacte a {sender} si aún necesita firmar.',
    'expiry.page.state.EXPIRED': 'Este sobre venció antes de que todos firmaran, por lo que ya no se puede firmar.'
  },
  fr: {
    'expiry.mail.reminder.subject': 'Rappel : « {envelope} » attend votre signature',
    'expiry.mail.reminder.body': '{sender} attend toujours que vous relisiez et signiez « {envelope} ».',
    'expiry.mail.warning.subject': 'La demande de signature de « {envelope} » expire bientôt',
    'expiry.mail.warning.body': '{sender} vous a demandé de signer « {envelope} ». La demande expire le {date} : signez avant cette date.',
    'expiry.mail.expired.subject': 'La demande de signature de « {envelope} » a expiré',
    'expiry.mail.expired.body': 'La demande de {sender} pour signer « {envelope} » a expiré avant d’être terminée. Le lien ne fonctionne plus ; contactez {sender} si vous devez encore signer.',
    'expiry.page.state.EXPIRED': 'Cette enveloppe a expiré avant que tout le monde ait signé : elle ne peut plus être signée.'
  },
  de: {
    'expiry.mail.reminder.subject': 'Erinnerung: „{envelope}“ wartet auf Ihre Unterschrift',
    'expiry.mail.reminder.body': '{sender} wartet noch darauf, dass Sie „{envelope}“ prüfen und unterschreiben.',
    'expiry.mail.warning.subject': 'Die Anfrage zum Unterschreiben von „{envelope}“ läuft bald ab',
    'expiry.mail.warning.body': '{sender} hat Sie gebeten, „{envelope}“ zu unterschreiben. Die Anfrage läuft am {date} ab: Bitte unterschreiben Sie vorher.',
    'expiry.mail.expired.subject': 'Die Anfrage zum Unterschreiben von „{envelope}“ ist abgelaufen',
    'expiry.mail.expired.body': 'Die Anfrage von {sender}, „{envelope}“ zu unterschreiben, ist abgelaufen, bevor sie abgeschlossen war. Der Link funktioniert nicht mehr; wenden Sie sich an {sender}, wenn Sie noch unterschreiben müssen.',
    'expiry.page.state.EXPIRED': 'Dieser Umschlag ist abgelaufen, bevor alle unterschrieben haben, und kann nicht mehr unterschrieben werden.'
  },
  it: {
    'expiry.mail.reminder.subject': 'Promemoria: «{envelope}» attende la Sua firma',
    'expiry.mail.reminder.body': '{sender} attende ancora che Lei esamini e firmi «{envelope}».',
    'expiry.mail.warning.subject': 'La richiesta di firmare «{envelope}» scade presto',
    'expiry.mail.warning.body': '{sender} Le ha chiesto di firmare «{envelope}». La richiesta scade il {date}: firmi prima di tale data.',
    'expiry.mail.expired.subject': 'La richiesta di firmare «{envelope}» è scaduta',
    'expiry.mail.expired.body': 'La richiesta di {sender} di firmare «{envelope}» è scaduta prima di essere completata. Il link non funziona più; contatti {sender} se deve ancora firmare.',
    'expiry.page.state.EXPIRED': 'Questa busta è scaduta prima che tutti firmassero, quindi non può più essere firmata.'
  },
  pt: {
    'expiry.mail.reminder.subject': 'Lembrete: "{envelope}" aguarda sua assinatura',
    'expiry.mail.reminder.body': '{sender} ainda aguarda que você revise e assine "{envelope}".',
    'expiry.mail.warning.subject': 'O pedido para assinar "{envelope}" expira em breve',
    'expiry.mail.warning.body': '{sender} pediu que você assine "{envelope}". O pedido expira em {date}: assine antes dessa data.',
    'expiry.mail.expired.subject': 'O pedido para assinar "{envelope}" expirou',
    'expiry.mail.expired.body': 'O pedido de {sender} para assinar "{envelope}" expirou antes de ser concluído. O link não funciona mais; fale com {sender} se ainda precisar assinar.',
    'expiry.page.state.EXPIRED': 'Este envelope expirou antes que todos assinassem, por isso não pode mais ser assinado.'
  },
  nl: {
    'expiry.mail.reminder.subject': 'Herinnering: "{envelope}" wacht op uw ondertekening',
    'expiry.mail.reminder.body': '{sender} wacht nog steeds tot u "{envelope}" controleert en ondertekent.',
    'expiry.mail.warning.subject': 'Het verzoek om "{envelope}" te ondertekenen verloopt binnenkort',
    'expiry.mail.warning.body': '{sender} heeft u gevraagd "{envelope}" te ondertekenen. Het verzoek verloopt op {date}: onderteken vóór die datum.',
    'expiry.mail.expired.subject': 'Het verzoek om "{envelope}" te ondertekenen is verlopen',
    'expiry.mail.expired.body': 'Het verzoek van {sender} om "{envelope}" te ondertekenen is verlopen voordat het voltooid was. De link werkt niet meer; neem contact op met {sender} als u nog moet ondertekenen.',
    'expiry.page.state.EXPIRED': 'Deze envelop is verlopen voordat iedereen had ondertekend en kan niet meer worden ondertekend.'
  },
  pl: {
    'expiry.mail.reminder.subject': 'Przypomnienie: „{envelope}” czeka na podpis',
    'expiry.mail.reminder.body': '{sender} nadal czeka na zapoznanie się z „{envelope}” i podpisanie.',
    'expiry.mail.warning.subject': 'Prośba o podpisanie „{envelope}” wkrótce wygaśnie',
    'expiry.mail.warning.body': '{sender} prosi o podpisanie „{envelope}”. Prośba wygasa {date}: proszę podpisać przed tym terminem.',
    'expiry.mail.expired.subject': 'Prośba o podpisanie „{envelope}” wygasła',
    'expiry.mail.expired.body': 'Prośba {sender} o podpisanie „{envelope}” wygasła przed zakończeniem. Link już nie działa; proszę skontaktować się z {sender}, jeśli nadal trzeba podpisać.',
    'expiry.page.state.EXPIRED': 'Ta koperta wygasła, zanim wszyscy ją podpisali, więc nie można jej już podpisać.'
  },
  ca: {
    'expiry.mail.reminder.subject': 'Recordatori: «{envelope}» espera la seva signatura',
    'expiry.mail.reminder.body': '{sender} encara espera que revisi i signi «{envelope}».',
    'expiry.mail.warning.subject': 'La sol·licitud per signar «{envelope}» caduca aviat',
    'expiry.mail.warning.body': '{sender} li ha demanat que signi «{envelope}». La sol·licitud caduca el {date}: signi abans d’aquesta data.',
    'expiry.mail.expired.subject': 'La sol·licitud per signar «{envelope}» ha caducat',
    'expiry.mail.expired.body': 'La sol·licitud de {sender} per signar «{envelope}» ha caducat abans de completar-se. L’enllaç ja no funciona; contacti amb {sender} si encara ha de signar.',
    'expiry.page.state.EXPIRED': 'Aquest sobre ha caducat abans que tothom el signés, per tant ja no es pot signar.'
  },
  sv: {
    'expiry.mail.reminder.subject': 'Påminnelse: ”{envelope}” väntar på din signering',
    'expiry.mail.reminder.body': '{sender} väntar fortfarande på att du granskar och signerar ”{envelope}”.',
    'expiry.mail.warning.subject': 'Begäran om att signera ”{envelope}” löper snart ut',
    'expiry.mail.warning.body': '{sender} har bett dig signera ”{envelope}”. Begäran löper ut {date}: signera före dess.',
    'expiry.mail.expired.subject': 'Begäran om att signera ”{envelope}” har löpt ut',
    'expiry.mail.expired.body': 'Begäran från {sender} om att signera ”{envelope}” löpte ut innan den var klar. Länken fungerar inte längre; kontakta {sender} om du fortfarande behöver signera.',
    'expiry.page.state.EXPIRED': 'Det här kuvertet löpte ut innan alla hade signerat, så det kan inte längre signeras.'
  },
  tr: {
    'expiry.mail.reminder.subject': 'Hatırlatma: "{envelope}" imzanızı bekliyor',
    'expiry.mail.reminder.body': '{sender}, "{envelope}" belgesini incelemenizi ve imzalamanızı hâlâ bekliyor.',
    'expiry.mail.warning.subject': '"{envelope}" için imza talebinin süresi yakında doluyor',
    'expiry.mail.warning.body': '{sender}, "{envelope}" belgesini imzalamanızı istedi. Talebin süresi {date} tarihinde doluyor: lütfen bu tarihten önce imzalayın.',
    'expiry.mail.expired.subject': '"{envelope}" için imza talebinin süresi doldu',
    'expiry.mail.expired.body': '{sender} tarafından gönderilen "{envelope}" imza talebinin süresi tamamlanmadan doldu. Bağlantı artık çalışmıyor; hâlâ imzalamanız gerekiyorsa {sender} ile iletişime geçin.',
    'expiry.page.state.EXPIRED': 'Bu zarfın süresi herkes imzalamadan doldu, bu nedenle artık imzalanamaz.'
  },
  ja: {
    'expiry.mail.reminder.subject': 'リマインダー：「{envelope}」への署名をお待ちしています',
    'expiry.mail.reminder.body': '{sender}は引き続き「{envelope}」の確認と署名をお待ちしています。',
    'expiry.mail.warning.subject': '「{envelope}」の署名依頼の期限が近づいています',
    'expiry.mail.warning.body': '{sender}から「{envelope}」への署名を依頼されています。依頼の期限は{date}です。それまでに署名してください。',
    'expiry.mail.expired.subject': '「{envelope}」の署名依頼の期限が切れました',
    'expiry.mail.expired.body': '{sender}からの「{envelope}」の署名依頼は、完了する前に期限が切れました。リンクはもう使えません。まだ署名が必要な場合は{sender}にお問い合わせください。',
    'expiry.page.state.EXPIRED': 'この封筒は全員の署名が済む前に期限が切れたため、署名できなくなりました。'
  },
  zh: {
    'expiry.mail.reminder.subject': '提醒：“{envelope}”正在等待您签署',
    'expiry.mail.reminder.body': '{sender}仍在等待您审阅并签署“{envelope}”。',
    'expiry.mail.warning.subject': '签署“{envelope}”的请求即将过期',
    'expiry.mail.warning.body': '{sender}请您签署“{envelope}”。该请求将于{date}过期，请在此之前签署。',
    'expiry.mail.expired.subject': '签署“{envelope}”的请求已过期',
    'expiry.mail.expired.body': '{sender}发出的签署“{envelope}”的请求在完成前已过期。链接已失效；如仍需签署，请联系{sender}。',
    'expiry.page.state.EXPIRED': '此信封在所有人签署之前已过期，因此无法再签署。'
  },
  ko: {
    'expiry.mail.reminder.subject': '알림: “{envelope}” 서명을 기다리고 있습니다',
    'expiry.mail.reminder.body': '{sender}에서 “{envelope}”의 검토와 서명을 아직 기다리고 있습니다.',
    'expiry.mail.warning.subject': '“{envelope}” 서명 요청이 곧 만료됩니다',
    'expiry.mail.warning.body': '{sender}에서 “{envelope}”의 서명을 요청했습니다. 요청은 {date}에 만료됩니다. 그 전에 서명해 주십시오.',
    'expiry.mail.expired.subject': '“{envelope}” 서명 요청이 만료되었습니다',
    'expiry.mail.expired.body': '{sender}의 “{envelope}” 서명 요청이 완료되기 전에 만료되었습니다. 링크는 더 이상 작동하지 않습니다. 아직 서명해야 한다면 {sender}에 문의하십시오.',
    'expiry.page.state.EXPIRED': '이 봉투는 모두가 서명하기 전에 만료되어 더 이상 서명할 수 없습니다.'
  },
  ar: {
    'expiry.mail.reminder.subject': 'تذكير: «{envelope}» بانتظار توقيعك',
    'expiry.mail.reminder.body': 'لا يزال {sender} بانتظار مراجعتك لـ«{envelope}» والتوقيع عليه.',
    'expiry.mail.warning.subject': 'طلب توقيع «{envelope}» ينتهي قريبًا',
    'expiry.mail.warning.body': 'طلب منك {sender} توقيع «{envelope}». ينتهي الطلب في {date}: يُرجى التوقيع قبل ذلك.',
    'expiry.mail.expired.subject': 'انتهت صلاحية طلب توقيع «{envelope}»',
    'expiry.mail.expired.body': 'انتهت صلاحية طلب {sender} لتوقيع «{envelope}» قبل اكتماله. لم يعد الرابط يعمل؛ تواصل مع {sender} إذا كنت لا تزال بحاجة إلى التوقيع.',
    'expiry.page.state.EXPIRED': 'انتهت صلاحية هذا المغلف قبل أن يوقّع الجميع، لذا لم يعد من الممكن توقيعه.'
  }
});
