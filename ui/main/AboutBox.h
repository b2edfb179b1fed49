#pragma once
// Help > About: version, licence, the model families this build runs, and what is not included
// (their weights).
#include <QString>

class QWidget;

class AboutBox {
public:
    static constexpr const char* kLicence = "Apache-2.0"; // also in packaging/ (metainfo, DEB)
    static QString text(); // translated rich text
    static void show(QWidget* parent);
};
