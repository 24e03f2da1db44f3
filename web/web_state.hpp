// The state the page draws (docs/web-module.md): the tour and its stops, the passage and the question, the
// cursor, the source lines lit, the scenario's fields, and the pictures as SVG from app/pictures.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "app/session/tour_session.hpp"

namespace tilewalk::web {

// The state, with the SVG of the picture `shown` (PictureNames()) and none of the others.
nlohmann::json StateJson(session::TourSession& session, const std::string& shown);

}  // namespace tilewalk::web
