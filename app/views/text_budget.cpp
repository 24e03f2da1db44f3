#include "app/views/text_budget.hpp"

#include <imgui.h>

namespace tilewalk::views {

float RememberedTextHeight(const char* id, float estimate) {
  return ImGui::GetStateStorage()->GetFloat(ImGui::GetID(id), estimate);
}

void RememberTextHeight(const char* id, float height) {
  ImGui::GetStateStorage()->SetFloat(ImGui::GetID(id), height);
}

}  // namespace tilewalk::views
