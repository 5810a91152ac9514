; The installer's own strings (section descriptions, the uninstaller's word on the saves) in
; the languages the installer speaks. Included by taash.nsi after its MUI_LANGUAGE lines.
; The game's name and tagline in each language (APP_TITLE, APP_TAGLINE) are not here: main.py
; package nsis takes them from locales/*.toml, so they are the game's own words.

LangString SEC_GAME_DESC ${LANG_ENGLISH} "The game, with a shortcut in the Start menu."
LangString SEC_GAME_DESC ${LANG_SPANISH} "El juego, con un acceso directo en el menú Inicio."
LangString SEC_GAME_DESC ${LANG_HINDI}   "खेल, स्टार्ट मेन्यू में शॉर्टकट के साथ।"
LangString SEC_GAME_DESC ${LANG_BANGLA}  "খেলাটি, স্টার্ট মেনুতে একটি শর্টকাট সহ।"
LangString SEC_GAME_DESC ${LANG_PORTUGUESEBR} "O jogo, com um atalho no menu Iniciar."

LangString SEC_DESKTOP_NAME ${LANG_ENGLISH} "Desktop shortcut"
LangString SEC_DESKTOP_NAME ${LANG_SPANISH} "Acceso directo en el escritorio"
LangString SEC_DESKTOP_NAME ${LANG_HINDI}   "डेस्कटॉप शॉर्टकट"
LangString SEC_DESKTOP_NAME ${LANG_BANGLA}  "ডেস্কটপ শর্টকাট"
LangString SEC_DESKTOP_NAME ${LANG_PORTUGUESEBR} "Atalho na área de trabalho"

LangString SEC_DESKTOP_DESC ${LANG_ENGLISH} "An icon on the desktop that starts the game."
LangString SEC_DESKTOP_DESC ${LANG_SPANISH} "Un icono en el escritorio para abrir el juego."
LangString SEC_DESKTOP_DESC ${LANG_HINDI}   "डेस्कटॉप पर एक आइकन, जिससे खेल खुलता है।"
LangString SEC_DESKTOP_DESC ${LANG_BANGLA}  "ডেস্কটপে একটি আইকন, যা দিয়ে খেলাটি খোলে।"
LangString SEC_DESKTOP_DESC ${LANG_PORTUGUESEBR} "Um ícone na área de trabalho para abrir o jogo."

LangString UN_KEEPS_SAVES ${LANG_ENGLISH} "Your saved matches and settings stay on this computer: uninstalling removes only the game's own files."
LangString UN_KEEPS_SAVES ${LANG_SPANISH} "Tus partidas guardadas y tus ajustes se quedan en este equipo: al desinstalar solo se borran los archivos del propio juego."
LangString UN_KEEPS_SAVES ${LANG_HINDI}   "आपके सेव किए गए मैच और सेटिंग्स इसी कंप्यूटर पर रहेंगे: अनइंस्टॉल करने से सिर्फ़ खेल की अपनी फ़ाइलें हटती हैं।"
LangString UN_KEEPS_SAVES ${LANG_BANGLA}  "আপনার সেভ করা ম্যাচ আর সেটিংস এই কম্পিউটারেই থেকে যাবে: আনইনস্টল করলে শুধু খেলার নিজের ফাইলগুলো মোছা হয়।"
LangString UN_KEEPS_SAVES ${LANG_PORTUGUESEBR} "Suas partidas salvas e suas configurações continuam neste computador: a desinstalação remove só os arquivos do próprio jogo."
