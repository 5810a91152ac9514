"""What the .deb says about Taash: its identity, copyright file and lintian overrides.

Kept apart from :mod:`game.commands.package_deb` (which lays out the files) so that the
facts are in one place: the AppStream id, the project's address, the maintainer, the
licences of everything the one-folder build bundles.
"""
from __future__ import annotations

import sysconfig
from pathlib import Path

from game.commands.app_build import ROOT

#: AppStream component id and .desktop file name (reverse DNS of the project's address)
APP_ID = "io.github.taash.taash"
#: the project's public address: the metainfo's homepage and its screenshots' base
HOMEPAGE = "https://github.com/taash/taash"
SCREENSHOT_BASE = "https://raw.githubusercontent.com/taash/taash/main/docs/screenshots/"
DEVELOPER = "The Taash developers"
#: the identity the repository's commits are made under
MAINTAINER = "Taash maintainers <maintainers@users.noreply.a-seed-5958c277.example>"
#: the repository grants no licence (no LICENSE file, none stated in the README)
PROJECT_LICENSE_SPDX = "LicenseRef-proprietary"

#: (file in docs/screenshots, caption: ("generic", key in [package]) or (lang, game id))
SCREENSHOTS = (
    ("menu_en.png", ("generic", "generic_name")),
    ("table_twenty_nine_bn.png", ("bn", "twenty_nine")),
    ("hint_tute_es.png", ("es", "tute")),
    ("truco_argentino_envido_es.png", ("es", "truco_argentino")),
    ("buraco_bn.png", ("bn", "buraco")),
)


def screenshot_url(file: str) -> str:
    return SCREENSHOT_BASE + file


# --------------------------------------------------------------------------- copyright

NO_LICENCE = """\
 The Taash repository does not state a licence for its own code, texts and
 pictures (no LICENSE file; the README names none). No licence is granted for
 them here: all rights are reserved by their authors."""

ZLIB = """\
 This software is provided 'as-is', without any express or implied warranty.
 In no event will the authors be held liable for any damages arising from the
 use of this software.
 .
 Permission is granted to anyone to use this software for any purpose,
 including commercial applications, and to alter it and redistribute it
 freely, subject to the following restrictions:
 .
 1. The origin of this software must not be misrepresented; you must not claim
    that you wrote the original software. If you use this software in a
    product, an acknowledgment in the product documentation would be
    appreciated but is not required.
 2. Altered source versions must be plainly marked as such, and must not be
    misrepresented as being the original software.
 3. This notice may not be removed or altered from any source distribution."""

EXPAT = """\
 Permission is hereby granted, free of charge, to any person obtaining a copy
 of this software and associated documentation files (the "Software"), to deal
 in the Software without restriction, including without limitation the rights
 to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 copies of the Software, and to permit persons to whom the Software is
 furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in
 all copies or substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 SOFTWARE."""

BSD_3 = """\
 Redistribution and use in source and binary forms, with or without
 modification, are permitted provided that the following conditions are met:
 .
 1. Redistributions of source code must retain the above copyright notice,
    this list of conditions and the following disclaimer.
 2. Redistributions in binary form must reproduce the above copyright notice,
    this list of conditions and the following disclaimer in the documentation
    and/or other materials provided with the distribution.
 3. Neither the name of the copyright holder nor the names of its
    contributors may be used to endorse or promote products derived from this
    software without specific prior written permission.
 .
 THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
 ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE
 LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR
 CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
 SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
 INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN
 CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE)
 ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
 POSSIBILITY OF SUCH DAMAGE."""

PERMISSIVE = """\
 libpng (libpng licence), libtiff (libtiff licence), libjpeg-turbo (IJG,
 BSD-3-clause and Zlib), bzip2 (bzip2 licence) and liblzma (public domain)
 are under permissive licences that allow redistribution in binary form with
 their notices; the notices are in each library's upstream source, and on a
 Debian system in /usr/share/doc/libpng16-16/copyright,
 /usr/share/doc/libtiff6/copyright, /usr/share/doc/libjpeg62-turbo/copyright,
 /usr/share/doc/libbz2-1.0/copyright and /usr/share/doc/liblzma5/copyright."""

_LIB = "usr/lib/taash/_internal"

#: (files, copyright, licence) of what the one-folder build bundles
BUNDLED = (
    (f"{_LIB}/assets/fonts/*", None, "OFL-1.1"),
    (f"{_LIB}/libpython3* {_LIB}/base_library.zip {_LIB}/python3*/*",
     "2001-2024 Python Software Foundation", "PSF-2.0"),
    (f"{_LIB}/pygame/*", "2000-2024 Pete Shinners, René Dudfield, the pygame-ce contributors",
     "LGPL-2.1+"),
    (f"{_LIB}/pygame_ce.libs/libSDL2* {_LIB}/libz.so*",
     "1997-2024 Sam Lantinga; 1995-2024 Jean-loup Gailly and Mark Adler", "Zlib"),
    (f"{_LIB}/pygame_ce.libs/libharfbuzz* {_LIB}/pygame_ce.libs/libxmp* "
     f"{_LIB}/pygame_ce.libs/libbrotli* {_LIB}/libffi.so*",
     "HarfBuzz, libxmp, Brotli and libffi authors", "Expat"),
    (f"{_LIB}/pygame_ce.libs/libfreetype*", "1996-2024 David Turner, Robert Wilhelm, Werner Lemberg",
     "GPL-2+"),
    (f"{_LIB}/pygame_ce.libs/libogg* {_LIB}/pygame_ce.libs/libvorbis* "
     f"{_LIB}/pygame_ce.libs/libopus* {_LIB}/pygame_ce.libs/libFLAC* "
     f"{_LIB}/pygame_ce.libs/libwavpack* {_LIB}/pygame_ce.libs/libwebp* "
     f"{_LIB}/pygame_ce.libs/libsharpyuv*",
     "Xiph.Org Foundation; Conifer Software; Google Inc.", "BSD-3-clause"),
    (f"{_LIB}/pygame_ce.libs/libmpg123* {_LIB}/pygame_ce.libs/libsndfile* "
     f"{_LIB}/pygame_ce.libs/libfluidsynth*",
     "mpg123, libsndfile and FluidSynth authors", "LGPL-2.1+"),
    (f"{_LIB}/pygame_ce.libs/libpng* {_LIB}/pygame_ce.libs/libtiff* "
     f"{_LIB}/pygame_ce.libs/libjpeg* {_LIB}/libbz2.so* {_LIB}/liblzma.so*",
     "libpng, libtiff, libjpeg-turbo, bzip2 and XZ Utils authors", "permissive"),
    (f"{_LIB}/libstdc++.so* {_LIB}/libgcc_s.so*", "Free Software Foundation, Inc.",
     "GPL-3+ with GCC-exception-3.1"),
)


def _python_licence() -> str:
    """PSF-2.0 as the bundled Python states it (its LICENSE.txt), as DEP-5 text."""
    for folder in (sysconfig.get_path("stdlib"), "/usr/lib/python3/dist-packages"):
        path = Path(folder) / "LICENSE.txt"
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            start = text.find("PYTHON SOFTWARE FOUNDATION LICENSE VERSION 2")
            end = text.find("BEOPEN.COM LICENSE AGREEMENT")
            if start >= 0 and end > start:
                return dep5_text(text[start:end].rstrip().rsplit("\n", 1)[0])
    return " The Python Software Foundation License, version 2: https://docs.python.org/3/license.html"


def dep5_text(text: str) -> str:
    """Plain text as a DEP-5 licence body: each line indented, empty lines as ' .'."""
    return "\n".join(f" {line}" if line.strip() else " ." for line in text.strip().splitlines())


def _font_copyright() -> str:
    lines = (ROOT / "assets" / "fonts" / "OFL.txt").read_text(encoding="utf-8").splitlines()
    return "\n ".join(line for line in lines[:6] if line.startswith("Noto") or line.startswith("("))


def copyright_file(version: str) -> str:
    ofl = (ROOT / "assets" / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    ofl = ofl[ofl.find("-----"):]
    parts = [
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: Taash\n"
        f"Upstream-Contact: {MAINTAINER}\n"
        f"Source: {HOMEPAGE}\n"
        "Comment: A binary package made from the one-folder PyInstaller build of Taash\n"
        f" {version}; it bundles the Python interpreter, pygame-ce, SDL and their\n"
        " libraries under /usr/lib/taash, listed below.",
        "Files: *\nCopyright: 2026 The Taash developers\nLicense: LicenseRef-Taash-all-rights-reserved",
    ]
    for files, holder, licence in BUNDLED:
        holder = holder or _font_copyright()
        parts.append(f"Files: {files}\nCopyright: {holder}\nLicense: {licence}")
    common = "/usr/share/common-licenses"
    parts += [
        f"License: LicenseRef-Taash-all-rights-reserved\n{NO_LICENCE}",
        f"License: OFL-1.1\n{dep5_text(ofl)}",
        f"License: PSF-2.0\n{_python_licence()}",
        f"License: LGPL-2.1+\n On Debian systems the full text of the GNU Lesser General Public License\n"
        f" version 2.1 is in {common}/LGPL-2.1.",
        f"License: GPL-2+\n On Debian systems the full text of the GNU General Public License version 2\n"
        f" is in {common}/GPL-2.",
        f"License: GPL-3+ with GCC-exception-3.1\n The GCC runtime libraries are under the GNU General\n"
        f" Public License version 3 with the GCC Runtime Library Exception 3.1, which\n"
        f" allows them to be shipped with programs compiled by GCC. On Debian systems\n"
        f" the GPL is in {common}/GPL-3 and the exception in\n"
        f" /usr/share/doc/libgcc-s1/copyright.",
        f"License: Zlib\n{ZLIB}",
        f"License: Expat\n{EXPAT}",
        f"License: BSD-3-clause\n{BSD_3}",
        f"License: permissive\n{PERMISSIVE}",
    ]
    return "\n\n".join(parts) + "\n"


# --------------------------------------------------------------------------- lintian

LINTIAN_OVERRIDES = """\
# Taash ships as a self-contained one-folder PyInstaller build in /usr/lib/taash: its own
# Python 3.11, pygame-ce and the SDL libraries pygame-ce's wheel carries, so that one .deb
# runs on several Debian and Ubuntu releases whatever their Python and SDL. These overrides
# are what that choice makes lintian see; nothing else is overridden.

# Private copies inside the bundle, never on the system's library path: pygame-ce's wheel
# links SDL_image, SDL_ttf and SDL_mixer against these (zlib, libtiff, libjpeg, FreeType,
# mpg123), and the bundled Python's own modules carry expat and bzip2 support.
taash: embedded-library * [usr/lib/taash/_internal/*]

# CPython extension modules take their libc symbols from the interpreter that loads them
# (libpython in the bundle), as every CPython build links them.
taash: library-not-linked-against-libc [usr/lib/taash/_internal/*.cpython-311-x86_64-linux-gnu.so]
taash: shared-library-lacks-prerequisites [usr/lib/taash/_internal/*.cpython-311-x86_64-linux-gnu.so]

# The program is PyInstaller's prebuilt bootloader (not compiled here), which is not PIE.
taash: hardening-no-pie [usr/lib/taash/Taash]

# The game loads its fonts from its own folder by path: pinned versions keep text layout
# (Bangla and Devanagari shaping, line metrics) the same on every system, and
# fonts-noto-core (over 100 MB) is not needed. freesansbold.ttf is pygame's default font.
taash: duplicate-font-file * [usr/lib/taash/_internal/*.ttf]

# Data the bundled program reads from its own folder: the window icon and pygame's default one.
taash: image-file-in-usr-lib [usr/lib/taash/_internal/*]
"""
