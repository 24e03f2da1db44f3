// The detail tab a statement, a tour stop's `show:` or a label names.
#include "app/session/detail_tab.hpp"

#include "walkthrough/site_table.hpp"

namespace tilewalk::session {

std::optional<DetailTab> DetailTabOf(walkthrough::StopPane pane) {
  using walkthrough::StopPane;
  switch (pane) {
    case StopPane::Grid:
      return std::nullopt;
    case StopPane::Memory:
      return DetailTab::Memory;
    case StopPane::Lanes:
      return DetailTab::Lanes;
    case StopPane::Scores:
      return DetailTab::Scores;
    case StopPane::Cost:
      return DetailTab::Cost;
    case StopPane::Scenario:
      return DetailTab::Scenario;
  }
  return std::nullopt;
}

std::optional<DetailTab> SuggestedTab(std::string_view site, const walkthrough::SiteTable& sites) {
  const walkthrough::SiteRow* row = sites.Find(site);
  if (row == nullptr) return DetailTab::Memory;  // an error raised outside any statement
  switch (row->pane) {
    case walkthrough::SitePane::Lanes:
      return DetailTab::Lanes;
    case walkthrough::SitePane::Scores:
      return DetailTab::Scores;
    case walkthrough::SitePane::Memory:
      return DetailTab::Memory;
    case walkthrough::SitePane::Grid:
    case walkthrough::SitePane::Keep:
      break;
  }
  return std::nullopt;
}

bool IsGridMoment(std::string_view site, const walkthrough::SiteTable& sites) {
  const walkthrough::SiteRow* row = sites.Find(site);
  return row != nullptr &&
         (row->role == walkthrough::SiteRole::Step || row->role == walkthrough::SiteRole::Branch);
}

const char* DetailTabName(DetailTab tab) {
  switch (tab) {
    case DetailTab::Lanes:
      return "Lanes";
    case DetailTab::Scores:
      return "Scores";
    case DetailTab::Cost:
      return "Cost";
    case DetailTab::Scenario:
      return "Scenario";
    case DetailTab::Memory:
      break;
  }
  return "Memory";
}

}  // namespace tilewalk::session
