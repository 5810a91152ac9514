; Taash for Windows: a per-user installer (no administrator rights) of the one-folder build.
;
; Built by `python3 main.py package nsis --app DIR --out DIR` (game/commands/package_nsis.py),
; which writes the two file lists and passes these defines to makensis:
;   VERSION      game/__init__.py __version__, e.g. 1.0.0
;   VI_VERSION   the same as four numbers for the file's version resource, e.g. 1.0.0.0
;   APP_EXE      the game's program in the build (Taash.exe)
;   ICON         assets/icons/taash.ico
;   OUT_FILE     where the installer goes, Taash-<version>-setup.exe
;   FILES_NSH    File commands: every file of the build, folder by folder
;   UNFILES_NSH  Delete and RMDir commands for exactly those files and folders
;   APP_NSH      the game's name and tagline in each language, from locales/*.toml
;   SIZE_KB      the build's size, for Apps & features
;
; The uninstaller removes only what the installer put there: the files in FILES_NSH, its own
; shortcuts and registry keys. The player's settings and saves live elsewhere (SDL's pref path,
; %APPDATA%\Taash\Taash) and are never touched.

Unicode true
ManifestDPIAware true
RequestExecutionLevel user
SetCompressor /SOLID lzma

!include "MUI2.nsh"
!include "LogicLib.nsh"

!define APP_NAME "Taash"
!define PUBLISHER "The Taash developers"
!define UNINST_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Taash"
!define UNINST_EXE "Uninstall Taash.exe"

Name "${APP_NAME}"
OutFile "${OUT_FILE}"
InstallDir "$LOCALAPPDATA\Programs\Taash"
InstallDirRegKey HKCU "${UNINST_KEY}" "InstallLocation"
BrandingText "${APP_NAME} ${VERSION}"

VIProductVersion "${VI_VERSION}"
VIFileVersion "${VI_VERSION}"
VIAddVersionKey /LANG=0 "ProductName" "${APP_NAME}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP_NAME} ${VERSION} setup"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "${PUBLISHER}"

; ---- pages -------------------------------------------------------------------------------
!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_SMALLDESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
; the language chosen at install time is kept for the uninstaller, in our own uninstall key
!define MUI_LANGDLL_REGISTRY_ROOT HKCU
!define MUI_LANGDLL_REGISTRY_KEY "${UNINST_KEY}"
!define MUI_LANGDLL_REGISTRY_VALUENAME "InstallerLanguage"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!define MUI_UNCONFIRMPAGE_TEXT_TOP "$(UN_KEEPS_SAVES)"
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; ---- languages: the game's. NSIS ships English, Spanish, Hindi and Portuguese (Brazil);
; Bangla is ours (lang\Bangla.*) --------------------------------------------------------------
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "Hindi"
!insertmacro MUI_LANGUAGEEX "${__FILEDIR__}\lang" "Bangla"
!insertmacro MUI_LANGUAGE "PortugueseBR"
!insertmacro MUI_RESERVEFILE_LANGDLL
!include "${__FILEDIR__}\strings.nsh"
!include "${APP_NSH}"

Function .onInit
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Function un.onInit
  !insertmacro MUI_UNGETLANGUAGE
FunctionEnd

; ---- install -----------------------------------------------------------------------------
Section "!$(APP_TITLE)" SecGame
  SectionIn RO
  ; An earlier Taash here: its own uninstaller removes its files first (never the saves), so
  ; no file of an older version is left behind where the new uninstaller would not know it.
  ReadRegStr $0 HKCU "${UNINST_KEY}" "InstallLocation"
  ${If} $0 != ""
  ${AndIf} ${FileExists} "$0\${UNINST_EXE}"
    ExecWait '"$0\${UNINST_EXE}" /S _?=$0'
    Delete "$0\${UNINST_EXE}"
    RMDir "$0"
  ${EndIf}

  !include "${FILES_NSH}"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\${UNINST_EXE}"
  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0 \
    SW_SHOWNORMAL "" "$(APP_TAGLINE)"

  ; Apps & features
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINST_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINST_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${UNINST_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINST_KEY}" "UninstallString" '"$INSTDIR\${UNINST_EXE}"'
  WriteRegStr HKCU "${UNINST_KEY}" "QuietUninstallString" '"$INSTDIR\${UNINST_EXE}" /S'
  WriteRegDWORD HKCU "${UNINST_KEY}" "EstimatedSize" ${SIZE_KB}
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINST_KEY}" "NoRepair" 1
SectionEnd

Section "$(SEC_DESKTOP_NAME)" SecDesktop
  CreateShortcut "$DESKTOP\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\${APP_EXE}" 0 \
    SW_SHOWNORMAL "" "$(APP_TAGLINE)"
SectionEnd

!insertmacro MUI_FUNCTION_DESCRIPTION_BEGIN
  !insertmacro MUI_DESCRIPTION_TEXT ${SecGame} "$(SEC_GAME_DESC)"
  !insertmacro MUI_DESCRIPTION_TEXT ${SecDesktop} "$(SEC_DESKTOP_DESC)"
!insertmacro MUI_FUNCTION_DESCRIPTION_END

; ---- uninstall: exactly what was installed, nothing of the player's -------------------------
Section "Uninstall"
  !include "${UNFILES_NSH}"
  Delete "$INSTDIR\${UNINST_EXE}"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  Delete "$DESKTOP\${APP_NAME}.lnk"
  DeleteRegKey HKCU "${UNINST_KEY}"
SectionEnd
