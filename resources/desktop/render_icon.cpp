// SPDX-License-Identifier: GPL-3.0-or-later
// Build-time tool: renders the application's SVG icon to a square PNG of a given size, for
// the hicolor theme's fixed-size folders (48x48, 128x128, 256x256). Qt's own SVG renderer
// (Qt6::Svg, already a dependency of the window) so packaging needs no extra program. It
// paints into a QImage: no application object, no platform plugin, no display (the icon
// holds shapes only; text would need a QGuiApplication for its fonts).
//
// Usage: posenc_icon_render ICON.svg OUT.png SIZE
#include <QImage>
#include <QPainter>
#include <QString>
#include <QSvgRenderer>
#include <iostream>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: posenc_icon_render ICON.svg OUT.png SIZE\n";
    return 2;
  }
  const QString svgPath = QString::fromLocal8Bit(argv[1]);
  const QString pngPath = QString::fromLocal8Bit(argv[2]);
  bool ok = false;
  const int size = QString::fromLatin1(argv[3]).toInt(&ok);
  if (!ok || size < 16 || size > 1024) {
    std::cerr << "posenc_icon_render: SIZE must be a whole number of pixels from 16 to 1024, "
                 "not '"
              << argv[3] << "'\n";
    return 2;
  }
  QSvgRenderer renderer(svgPath);
  if (!renderer.isValid()) {
    std::cerr << "posenc_icon_render: cannot read the SVG " << argv[1] << "\n";
    return 1;
  }
  // Transparent outside the icon's rounded square; the drawing is scaled to fill the square
  // (the icon's view box is square), antialiased.
  QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::transparent);
  {
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    renderer.render(&painter, QRectF(0, 0, size, size));
  }
  if (!image.convertToFormat(QImage::Format_ARGB32).save(pngPath, "PNG")) {
    std::cerr << "posenc_icon_render: cannot write " << argv[2] << "\n";
    return 1;
  }
  return 0;
}
