;Language: Bangla (1093), Modern UI strings for the Taash installer.
;NSIS ships no Bangla language file; Bangla.nlf beside this file holds the installer's own strings.

!insertmacro LANGFILE "Bangla" "Bangla" "বাংলা" "Bangla"

!ifdef MUI_WELCOMEPAGE
  ${LangFileString} MUI_TEXT_WELCOME_INFO_TITLE "$(^NameDA) সেটআপে স্বাগতম"
  ${LangFileString} MUI_TEXT_WELCOME_INFO_TEXT "সেটআপ আপনাকে ধাপে ধাপে $(^NameDA) ইনস্টল করতে সাহায্য করবে।$\r$\n$\r$\nসেটআপ শুরুর আগে অন্য সব অ্যাপ বন্ধ করে নেওয়া ভালো। তাহলে কম্পিউটার রিস্টার্ট না করেই দরকারি সিস্টেম ফাইল আপডেট করা যাবে।$\r$\n$\r$\n$_CLICK"
!endif

!ifdef MUI_UNWELCOMEPAGE
  ${LangFileString} MUI_UNTEXT_WELCOME_INFO_TITLE "$(^NameDA) আনইনস্টলে স্বাগতম"
  ${LangFileString} MUI_UNTEXT_WELCOME_INFO_TEXT "সেটআপ আপনাকে ধাপে ধাপে $(^NameDA) আনইনস্টল করতে সাহায্য করবে।$\r$\n$\r$\nআনইনস্টল শুরুর আগে দেখে নিন $(^NameDA) চালু নেই।$\r$\n$\r$\n$_CLICK"
!endif

!ifdef MUI_LICENSEPAGE
  ${LangFileString} MUI_TEXT_LICENSE_TITLE "লাইসেন্স চুক্তি"
  ${LangFileString} MUI_TEXT_LICENSE_SUBTITLE "$(^NameDA) ইনস্টল করার আগে লাইসেন্সের শর্তগুলো পড়ে নিন।"
  ${LangFileString} MUI_INNERTEXT_LICENSE_BOTTOM "চুক্তির শর্তগুলো মেনে নিলে চালিয়ে যেতে আমি সম্মত-তে ক্লিক করুন। $(^NameDA) ইনস্টল করতে চুক্তিটি মেনে নিতেই হবে।"
  ${LangFileString} MUI_INNERTEXT_LICENSE_BOTTOM_CHECKBOX "চুক্তির শর্তগুলো মেনে নিলে নিচের চেক বক্সে ক্লিক করুন। $(^NameDA) ইনস্টল করতে চুক্তিটি মেনে নিতেই হবে। $_CLICK"
  ${LangFileString} MUI_INNERTEXT_LICENSE_BOTTOM_RADIOBUTTONS "চুক্তির শর্তগুলো মেনে নিলে নিচের প্রথম বিকল্পটি বেছে নিন। $(^NameDA) ইনস্টল করতে চুক্তিটি মেনে নিতেই হবে। $_CLICK"
!endif

!ifdef MUI_UNLICENSEPAGE
  ${LangFileString} MUI_UNTEXT_LICENSE_TITLE "লাইসেন্স চুক্তি"
  ${LangFileString} MUI_UNTEXT_LICENSE_SUBTITLE "$(^NameDA) আনইনস্টল করার আগে লাইসেন্সের শর্তগুলো পড়ে নিন।"
  ${LangFileString} MUI_UNINNERTEXT_LICENSE_BOTTOM "চুক্তির শর্তগুলো মেনে নিলে চালিয়ে যেতে আমি সম্মত-তে ক্লিক করুন। $(^NameDA) আনইনস্টল করতে চুক্তিটি মেনে নিতেই হবে।"
  ${LangFileString} MUI_UNINNERTEXT_LICENSE_BOTTOM_CHECKBOX "চুক্তির শর্তগুলো মেনে নিলে নিচের চেক বক্সে ক্লিক করুন। $(^NameDA) আনইনস্টল করতে চুক্তিটি মেনে নিতেই হবে। $_CLICK"
  ${LangFileString} MUI_UNINNERTEXT_LICENSE_BOTTOM_RADIOBUTTONS "চুক্তির শর্তগুলো মেনে নিলে নিচের প্রথম বিকল্পটি বেছে নিন। $(^NameDA) আনইনস্টল করতে চুক্তিটি মেনে নিতেই হবে। $_CLICK"
!endif

!ifdef MUI_LICENSEPAGE | MUI_UNLICENSEPAGE
  ${LangFileString} MUI_INNERTEXT_LICENSE_TOP "চুক্তির বাকি অংশ দেখতে Page Down চাপুন।"
!endif

!ifdef MUI_COMPONENTSPAGE
  ${LangFileString} MUI_TEXT_COMPONENTS_TITLE "উপাদান বেছে নিন"
  ${LangFileString} MUI_TEXT_COMPONENTS_SUBTITLE "$(^NameDA)-এর কোন কোন অংশ ইনস্টল করবেন, বেছে নিন।"
!endif

!ifdef MUI_UNCOMPONENTSPAGE
  ${LangFileString} MUI_UNTEXT_COMPONENTS_TITLE "উপাদান বেছে নিন"
  ${LangFileString} MUI_UNTEXT_COMPONENTS_SUBTITLE "$(^NameDA)-এর কোন কোন অংশ আনইনস্টল করবেন, বেছে নিন।"
!endif

!ifdef MUI_COMPONENTSPAGE | MUI_UNCOMPONENTSPAGE
  ${LangFileString} MUI_INNERTEXT_COMPONENTS_DESCRIPTION_TITLE "বিবরণ"
  !ifndef NSIS_CONFIG_COMPONENTPAGE_ALTERNATIVE
    ${LangFileString} MUI_INNERTEXT_COMPONENTS_DESCRIPTION_INFO "কোনো উপাদানের বিবরণ দেখতে তার ওপর মাউস রাখুন।"
  !else
    ${LangFileString} MUI_INNERTEXT_COMPONENTS_DESCRIPTION_INFO "কোনো উপাদানের বিবরণ দেখতে সেটি বেছে নিন।"
  !endif
!endif

!ifdef MUI_DIRECTORYPAGE
  ${LangFileString} MUI_TEXT_DIRECTORY_TITLE "ইনস্টলের জায়গা বেছে নিন"
  ${LangFileString} MUI_TEXT_DIRECTORY_SUBTITLE "কোন ফোল্ডারে $(^NameDA) ইনস্টল করবেন, বেছে নিন।"
!endif

!ifdef MUI_UNDIRECTORYPAGE
  ${LangFileString} MUI_UNTEXT_DIRECTORY_TITLE "আনইনস্টলের জায়গা বেছে নিন"
  ${LangFileString} MUI_UNTEXT_DIRECTORY_SUBTITLE "কোন ফোল্ডার থেকে $(^NameDA) আনইনস্টল করবেন, বেছে নিন।"
!endif

!ifdef MUI_INSTFILESPAGE
  ${LangFileString} MUI_TEXT_INSTALLING_TITLE "ইনস্টল হচ্ছে"
  ${LangFileString} MUI_TEXT_INSTALLING_SUBTITLE "$(^NameDA) ইনস্টল হচ্ছে, একটু অপেক্ষা করুন।"
  ${LangFileString} MUI_TEXT_FINISH_TITLE "ইনস্টল সম্পূর্ণ"
  ${LangFileString} MUI_TEXT_FINISH_SUBTITLE "সেটআপ সফলভাবে শেষ হয়েছে।"
  ${LangFileString} MUI_TEXT_ABORT_TITLE "ইনস্টল বাতিল হয়েছে"
  ${LangFileString} MUI_TEXT_ABORT_SUBTITLE "সেটআপ শেষ করা যায়নি।"
!endif

!ifdef MUI_UNINSTFILESPAGE
  ${LangFileString} MUI_UNTEXT_UNINSTALLING_TITLE "আনইনস্টল হচ্ছে"
  ${LangFileString} MUI_UNTEXT_UNINSTALLING_SUBTITLE "$(^NameDA) আনইনস্টল হচ্ছে, একটু অপেক্ষা করুন।"
  ${LangFileString} MUI_UNTEXT_FINISH_TITLE "আনইনস্টল সম্পূর্ণ"
  ${LangFileString} MUI_UNTEXT_FINISH_SUBTITLE "আনইনস্টল সফলভাবে শেষ হয়েছে।"
  ${LangFileString} MUI_UNTEXT_ABORT_TITLE "আনইনস্টল বাতিল হয়েছে"
  ${LangFileString} MUI_UNTEXT_ABORT_SUBTITLE "আনইনস্টল শেষ করা যায়নি।"
!endif

!ifdef MUI_FINISHPAGE
  ${LangFileString} MUI_TEXT_FINISH_INFO_TITLE "$(^NameDA) সেটআপ শেষ হচ্ছে"
  ${LangFileString} MUI_TEXT_FINISH_INFO_TEXT "আপনার কম্পিউটারে $(^NameDA) ইনস্টল হয়েছে।$\r$\n$\r$\nসেটআপ বন্ধ করতে শেষ করুন-এ ক্লিক করুন।"
  ${LangFileString} MUI_TEXT_FINISH_INFO_REBOOT "$(^NameDA) ইনস্টল শেষ করতে কম্পিউটারটি রিস্টার্ট করতে হবে। এখনই রিস্টার্ট করবেন?"
!endif

!ifdef MUI_UNFINISHPAGE
  ${LangFileString} MUI_UNTEXT_FINISH_INFO_TITLE "$(^NameDA) আনইনস্টল শেষ হচ্ছে"
  ${LangFileString} MUI_UNTEXT_FINISH_INFO_TEXT "আপনার কম্পিউটার থেকে $(^NameDA) আনইনস্টল হয়েছে।$\r$\n$\r$\nসেটআপ বন্ধ করতে শেষ করুন-এ ক্লিক করুন।"
  ${LangFileString} MUI_UNTEXT_FINISH_INFO_REBOOT "$(^NameDA) আনইনস্টল শেষ করতে কম্পিউটারটি রিস্টার্ট করতে হবে। এখনই রিস্টার্ট করবেন?"
!endif

!ifdef MUI_FINISHPAGE | MUI_UNFINISHPAGE
  ${LangFileString} MUI_TEXT_FINISH_REBOOTNOW "এখনই রিস্টার্ট করুন"
  ${LangFileString} MUI_TEXT_FINISH_REBOOTLATER "আমি পরে নিজেই রিস্টার্ট করব"
  ${LangFileString} MUI_TEXT_FINISH_RUN "$(^NameDA) &চালু করুন"
  ${LangFileString} MUI_TEXT_FINISH_SHOWREADME "&রিডমি দেখুন"
  ${LangFileString} MUI_BUTTONTEXT_FINISH "&শেষ করুন"
!endif

!ifdef MUI_STARTMENUPAGE
  ${LangFileString} MUI_TEXT_STARTMENU_TITLE "স্টার্ট মেনুর ফোল্ডার বেছে নিন"
  ${LangFileString} MUI_TEXT_STARTMENU_SUBTITLE "$(^NameDA)-এর শর্টকাটের জন্য স্টার্ট মেনুর একটি ফোল্ডার বেছে নিন।"
  ${LangFileString} MUI_INNERTEXT_STARTMENU_TOP "স্টার্ট মেনুর যে ফোল্ডারে অ্যাপটির শর্টকাট রাখতে চান সেটি বেছে নিন। নতুন ফোল্ডার তৈরি করতে একটি নামও লিখতে পারেন।"
  ${LangFileString} MUI_INNERTEXT_STARTMENU_CHECKBOX "শর্টকাট তৈরি করবেন না"
!endif

!ifdef MUI_UNCONFIRMPAGE
  ${LangFileString} MUI_UNTEXT_CONFIRM_TITLE "$(^NameDA) আনইনস্টল করুন"
  ${LangFileString} MUI_UNTEXT_CONFIRM_SUBTITLE "আপনার কম্পিউটার থেকে $(^NameDA) সরিয়ে ফেলুন।"
!endif

!ifdef MUI_ABORTWARNING
  ${LangFileString} MUI_TEXT_ABORTWARNING "আপনি কি সত্যিই $(^Name) সেটআপ থেকে বেরিয়ে যেতে চান?"
!endif

!ifdef MUI_UNABORTWARNING
  ${LangFileString} MUI_UNTEXT_ABORTWARNING "আপনি কি সত্যিই $(^Name) আনইনস্টল থেকে বেরিয়ে যেতে চান?"
!endif

!ifdef MULTIUSER_INSTALLMODEPAGE
  ${LangFileString} MULTIUSER_TEXT_INSTALLMODE_TITLE "ব্যবহারকারী বেছে নিন"
  ${LangFileString} MULTIUSER_TEXT_INSTALLMODE_SUBTITLE "কোন কোন ব্যবহারকারীর জন্য $(^NameDA) ইনস্টল করবেন, বেছে নিন।"
  ${LangFileString} MULTIUSER_INNERTEXT_INSTALLMODE_TOP "$(^NameDA) শুধু নিজের জন্য ইনস্টল করবেন, নাকি এই কম্পিউটারের সব ব্যবহারকারীর জন্য, বেছে নিন। $(^ClickNext)"
  ${LangFileString} MULTIUSER_INNERTEXT_INSTALLMODE_ALLUSERS "এই কম্পিউটারের সবার জন্য ইনস্টল করুন"
  ${LangFileString} MULTIUSER_INNERTEXT_INSTALLMODE_CURRENTUSER "শুধু আমার জন্য ইনস্টল করুন"
!endif
