; The installer's own strings (section names, descriptions, shortcut comment) in the four
; languages the installer speaks. Included by taash.nsi after its MUI_LANGUAGE lines.
; bn and hi use the game's own name for itself (locales/*.toml [app] title).

LangString SEC_GAME_NAME ${LANG_ENGLISH} "Taash"
LangString SEC_GAME_NAME ${LANG_SPANISH} "Taash"
LangString SEC_GAME_NAME ${LANG_HINDI}   "ताश"
LangString SEC_GAME_NAME ${LANG_BANGLA}  "তাস"

LangString SEC_GAME_DESC ${LANG_ENGLISH} "The game, with a shortcut in the Start menu."
LangString SEC_GAME_DESC ${LANG_SPANISH} "El juego, con un acceso directo en el menú Inicio."
LangString SEC_GAME_DESC ${LANG_HINDI}   "खेल, स्टार्ट मेन्यू में शॉर्टकट के साथ।"
LangString SEC_GAME_DESC ${LANG_BANGLA}  "খেলাটি, স্টার্ট মেনুতে একটি শর্টকাট সহ।"

LangString SEC_DESKTOP_NAME ${LANG_ENGLISH} "Desktop shortcut"
LangString SEC_DESKTOP_NAME ${LANG_SPANISH} "Acceso directo en el escritorio"
LangString SEC_DESKTOP_NAME ${LANG_HINDI}   "डेस्कटॉप शॉर्टकट"
LangString SEC_DESKTOP_NAME ${LANG_BANGLA}  "ডেস্কটপ শর্টকাট"

LangString SEC_DESKTOP_DESC ${LANG_ENGLISH} "An icon on the desktop that starts Taash."
LangString SEC_DESKTOP_DESC ${LANG_SPANISH} "Un icono en el escritorio para abrir Taash."
LangString SEC_DESKTOP_DESC ${LANG_HINDI}   "डेस्कटॉप पर एक आइकन, जिससे ताश खुलता है।"
LangString SEC_DESKTOP_DESC ${LANG_BANGLA}  "ডেস্কটপে একটি আইকন, যা দিয়ে তাস খোলে।"

LangString SHORTCUT_COMMENT ${LANG_ENGLISH} "Card games of the world"
LangString SHORTCUT_COMMENT ${LANG_SPANISH} "Juegos de cartas del mundo"
LangString SHORTCUT_COMMENT ${LANG_HINDI}   "दुनिया भर के ताश के खेल"
LangString SHORTCUT_COMMENT ${LANG_BANGLA}  "সারা বিশ্বের তাসের খেলা"

LangString UN_KEEPS_SAVES ${LANG_ENGLISH} "Your saved matches and settings stay on this computer: uninstalling removes only the game's own files."
LangString UN_KEEPS_SAVES ${LANG_SPANISH} "Tus partidas guardadas y tus ajustes se quedan en este equipo: al desinstalar solo se borran los archivos del propio juego."
LangString UN_KEEPS_SAVES ${LANG_HINDI}   "आपके सेव किए गए मैच और सेटिंग्स इसी कंप्यूटर पर रहेंगे: अनइंस्टॉल करने से सिर्फ़ खेल की अपनी फ़ाइलें हटती हैं।"
LangString UN_KEEPS_SAVES ${LANG_BANGLA}  "আপনার সেভ করা ম্যাচ আর সেটিংস এই কম্পিউটারেই থেকে যাবে: আনইনস্টল করলে শুধু খেলার নিজের ফাইলগুলো মোছা হয়।"
