// SPDX-License-Identifier: GPL-3.0-or-later
// Every QSettings key of the application, in one place.
#pragma once

#include <QLatin1StringView>

namespace posenc::ui::settings {

inline constexpr QLatin1StringView kOrganization{"PosEnc"};
inline constexpr QLatin1StringView kApplication{"PosEnc Explorer"};

inline constexpr QLatin1StringView kGeometry{"MainWindow/geometry"};  ///< QByteArray
inline constexpr QLatin1StringView kWindowState{"MainWindow/state"};  ///< docks and toolbars
/// Compare's dock layout (saveState), kept apart from Explore's.
inline constexpr QLatin1StringView kCompareState{"MainWindow/compareState"};
inline constexpr QLatin1StringView kColormap{"View/colormap"};  ///< id or empty
/// "en" or "zh_CN" (translation.h), chosen in View > Language; absent = the system locale's.
inline constexpr QLatin1StringView kLanguage{"View/language"};
/// "explore", "compare" or "animate" (MainWindow::setMode); the session format has no field for it.
inline constexpr QLatin1StringView kMode{"View/mode"};
/// Text size of the window and its pictures, 1.0 = 100 % (View > Text Size).
inline constexpr QLatin1StringView kTextScale{"View/textScale"};
/// The lesson step last shown: the lesson's id (QString) and the step (int, 0-based). The
/// lesson dock offers to continue there at the next start (ClassroomController).
inline constexpr QLatin1StringView kLessonId{"Lessons/lesson"};
inline constexpr QLatin1StringView kLessonStep{"Lessons/step"};
/// Lesson files the user opened (absolute paths), offered again at the next start.
inline constexpr QLatin1StringView kLessonFiles{"Lessons/files"};
/// Whether the start card (Help > Start Page) shows at start-up (bool). Absent: the very first
/// start, which shows it; the card writes it when shown (its "Show at start-up" box, unticked
/// unless the user ticks it).
inline constexpr QLatin1StringView kShowStartPage{"Help/showStartPage"};
inline constexpr QLatin1StringView kLastSession{"Session/last"};  ///< JSON of the session at exit
inline constexpr QLatin1StringView kRecentFiles{
    "Session/recentFiles"};  ///< QStringList, newest first
inline constexpr QLatin1StringView kLastFolder{"Session/lastFolder"};  ///< for file dialogs

/// Models opened (File > Open Model): absolute paths, or repo ids of the Hugging Face cache as
/// given; QStringList, newest first.
inline constexpr QLatin1StringView kRecentModels{"Models/recent"};

/// The Check Against File window's geometry (saveGeometry), remembered as it is hidden.
inline constexpr QLatin1StringView kCheckGeometry{"Check/geometry"};

inline constexpr int kMaxRecentFiles = 8;
inline constexpr int kMaxRecentModels = 8;

}  // namespace posenc::ui::settings
