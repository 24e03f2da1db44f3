// The tour picker: the start screen and the Tours menu's list, with the tour on screen (or the one the
// settings remember) offered first as "Continue", then every tour of the library with the question it
// answers. It opens at start-up when no tour was named, and with O; Up, Down and Enter pick from the keys,
// a click from the mouse. What it picks is a request the frame loop carries out by opening a new session.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/gui/frame_input.hpp"
#include "app/session/tour_session.hpp"

namespace tilewalk::app {

struct TourChoice {
  std::string id;
  std::string label;                       // "Q3  Which blocks does a causal kernel compute?  (11 stops)"
  int stop = 0;                            // 0-based: where it opens
  const kernel::Kernel* kernel = nullptr;  // whose library the tour is in
};

struct TourPickerState {
  bool open = false;
  std::vector<TourChoice> choices;  // "Continue" first, then the library's tours
  int selected = 0;
  std::optional<TourChoice> chosen{};  // set when the user picks; the frame loop opens it and clears this
};

// "Continue" with the session's tour and stop, then every tour of its library.
std::vector<TourChoice> TourChoices(const session::TourSession& session);

// Takes this frame's keys while the picker is open (and O, which opens it); true: they were the picker's,
// so the tour screen must not see them.
bool TakePickerInput(const FrameInput& input, TourPickerState& picker);

// The picker as a centred, opaque window over the screen; a click on a row chooses it.
void DrawTourPicker(TourPickerState& picker);

}  // namespace tilewalk::app
