#include "app/views/tour_palette.hpp"

namespace tilewalk::views::palette {
namespace {

constexpr ImU32 Rgb(unsigned rgb, unsigned alpha = 0xFF) {
  return IM_COL32((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, alpha);
}

// Okabe-Ito hues on near-black, for a projector.
constexpr Colours kDark{
    .window = Rgb(0x0F0F0F),
    .panel = Rgb(0x22262E),
    .edge = Rgb(0x6E7788),
    .text = Rgb(0xE4E6EA),
    .text_dim = Rgb(0x9AA0AC),
    .text_strong = Rgb(0xF2F2F2),
    .text_axis = Rgb(0xD0D4DC),
    .current = Rgb(0xF0E442),
    .on_current = Rgb(0x101418),
    .current_edge = Rgb(0xFFFFFF),
    .executing = Rgb(0x8FE3CF),
    .on_executing = Rgb(0x101418),
    .executing_edge = Rgb(0x8FE3CF),
    .slot = Rgb(0xF2F2F2),
    .question = Rgb(0xC9B8FF),
    .on_question = Rgb(0x101418),
    .selected = Rgb(0xD0D4DC),
    .on_selected = Rgb(0x101418),
    .passage = Rgb(0x56B4E9),
    .passage_wash = Rgb(0x56B4E9, 0x22),
    .hover = Rgb(0xFFFFFF, 0x12),
    .keyword = Rgb(0xCC99FF),
    .string = Rgb(0x9CD87A),
    .comment = Rgb(0x848C98),
    .number = Rgb(0xF0A86A),
    .preprocessor = Rgb(0xE08090),
    .issued = Rgb(0x009E73),
    .skipped = Rgb(0xE69F00),
    .skipped_step = Rgb(0xD55E00),
    .writeback = Rgb(0xCC79A7),
    .issued_text = Rgb(0x009E73),
    .skipped_text = Rgb(0xE69F00),
    .error = Rgb(0xFF5544),
    .on_error = Rgb(0xFFFFFF),
    .pending_fill = Rgb(0x2C313B),
    .ran_fill = Rgb(0x009E73),
    .skipped_fill = Rgb(0x3A2C10),
    .path_done = Rgb(0xFFFFFF, 0xF0),
    .path_ahead = Rgb(0xFFFFFF, 0x60),
    .path_shadow = Rgb(0x000000, 0xA0),
    .on_light = Rgb(0x101418),
    .idle_step = Rgb(0x5A6270),
    .lane_ground = Rgb(0x181A20),
    .empty_slot = Rgb(0x181A20),
    .in_vmem = Rgb(0x8A93A4),
    .band_even = Rgb(0x343A46),
    .band_odd = Rgb(0x2A303A),
    .edited_field = Rgb(0x5A4810),
    .help_key = Rgb(0xF2F2F2),
    .patterns = false,
};

// The same hues, deepened where they must read as text or thin lines on white, for an article.
constexpr Colours kLight{
    .window = Rgb(0xFFFFFF),
    .panel = Rgb(0xEEF0F3),
    .edge = Rgb(0x8A93A4),
    .text = Rgb(0x1A1D23),
    .text_dim = Rgb(0x5A6270),
    .text_strong = Rgb(0x000000),
    .text_axis = Rgb(0x343A46),
    .current = Rgb(0x8A8A00),
    .on_current = Rgb(0x101418),
    .current_edge = Rgb(0x101418),
    .executing = Rgb(0xB8EDE8),
    .on_executing = Rgb(0x101418),
    .executing_edge = Rgb(0x008B8B),
    .slot = Rgb(0x1A1D23),
    .question = Rgb(0x6A3DB8),
    .on_question = Rgb(0xFFFFFF),
    .selected = Rgb(0x343A46),
    .on_selected = Rgb(0xFFFFFF),
    .passage = Rgb(0x0072B2),
    .passage_wash = Rgb(0x56B4E9, 0x30),
    .hover = Rgb(0x000000, 0x10),
    .keyword = Rgb(0x7A3DB8),
    .string = Rgb(0x2E7D32),
    .comment = Rgb(0x6A717C),
    .number = Rgb(0xB25A00),
    .preprocessor = Rgb(0xA83250),
    .issued = Rgb(0x009E73),
    .skipped = Rgb(0xC77F00),
    .skipped_step = Rgb(0xD55E00),
    .writeback = Rgb(0xB0588A),
    .issued_text = Rgb(0x007A58),
    .skipped_text = Rgb(0xA05A00),
    .error = Rgb(0xC62828),
    .on_error = Rgb(0xFFFFFF),
    .pending_fill = Rgb(0xE4E7EC),
    .ran_fill = Rgb(0x009E73),
    .skipped_fill = Rgb(0xFBE9C4),
    .path_done = Rgb(0x101418, 0xF0),
    .path_ahead = Rgb(0x101418, 0x60),
    .path_shadow = Rgb(0xFFFFFF, 0xA0),
    .on_light = Rgb(0x101418),
    .idle_step = Rgb(0x8C929C),
    .lane_ground = Rgb(0xF4F5F7),
    .empty_slot = Rgb(0xF4F5F7),
    .in_vmem = Rgb(0x8A93A4),
    .band_even = Rgb(0xDDE1E7),
    .band_odd = Rgb(0xECEFF3),
    .edited_field = Rgb(0xFBE9C4),
    .help_key = Rgb(0x0072B2),
    .patterns = false,
};

// Greys only, black on white: the views add patterns where the other themes rely on hue.
constexpr Colours kPrint{
    .window = Rgb(0xFFFFFF),
    .panel = Rgb(0xF0F0F0),
    .edge = Rgb(0x000000),
    .text = Rgb(0x000000),
    .text_dim = Rgb(0x505050),
    .text_strong = Rgb(0x000000),
    .text_axis = Rgb(0x000000),
    .current = Rgb(0x000000),
    .on_current = Rgb(0xFFFFFF),
    .current_edge = Rgb(0x000000),
    .executing = Rgb(0xD8D8D8),
    .on_executing = Rgb(0x000000),
    .executing_edge = Rgb(0x000000),
    .slot = Rgb(0x707070),
    .question = Rgb(0x000000),
    .on_question = Rgb(0xFFFFFF),
    .selected = Rgb(0x000000),
    .on_selected = Rgb(0xFFFFFF),
    .passage = Rgb(0x404040),
    .passage_wash = Rgb(0x000000, 0x18),
    .hover = Rgb(0x000000, 0x10),
    .keyword = Rgb(0x000000),
    .string = Rgb(0x404040),
    .comment = Rgb(0x707070),
    .number = Rgb(0x000000),
    .preprocessor = Rgb(0x404040),
    .issued = Rgb(0x000000),
    .skipped = Rgb(0x808080),
    .skipped_step = Rgb(0x606060),
    .writeback = Rgb(0x404040),
    .issued_text = Rgb(0x000000),
    .skipped_text = Rgb(0x000000),
    .error = Rgb(0x000000),
    .on_error = Rgb(0xFFFFFF),
    .pending_fill = Rgb(0xFFFFFF),
    .ran_fill = Rgb(0xA0A0A0),
    .skipped_fill = Rgb(0xFFFFFF),
    .path_done = Rgb(0x000000, 0xF0),
    .path_ahead = Rgb(0x000000, 0x60),
    .path_shadow = Rgb(0xFFFFFF, 0xA0),
    .on_light = Rgb(0x000000),
    .idle_step = Rgb(0xC0C0C0),
    .lane_ground = Rgb(0xFFFFFF),
    .empty_slot = Rgb(0xFFFFFF),
    .in_vmem = Rgb(0x909090),
    .band_even = Rgb(0xE0E0E0),
    .band_odd = Rgb(0xF0F0F0),
    .edited_field = Rgb(0xE0E0E0),
    .help_key = Rgb(0x000000),
    .patterns = true,
};

Theme active = Theme::Dark;

}  // namespace

const Colours& Table(Theme theme) {
  switch (theme) {
    case Theme::Light:
      return kLight;
    case Theme::Print:
      return kPrint;
    case Theme::Dark:
      break;
  }
  return kDark;
}

const Colours& Active() {
  return Table(active);
}

Theme ActiveTheme() {
  return active;
}

void SetTheme(Theme theme) {
  active = theme;
}

std::optional<Theme> ParseTheme(std::string_view name) {
  for (const Theme theme : {Theme::Dark, Theme::Light, Theme::Print})
    if (name == ThemeName(theme)) return theme;
  return std::nullopt;
}

std::string_view ThemeName(Theme theme) {
  switch (theme) {
    case Theme::Light:
      return "light";
    case Theme::Print:
      return "print";
    case Theme::Dark:
      break;
  }
  return "dark";
}

std::string ThemeNames() {
  return "dark, light or print";
}

}  // namespace tilewalk::views::palette
