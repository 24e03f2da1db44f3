// The export's player: shows one frame at a time with its caption from the manifest that index.html
// carries inline (so it works opened from disk, where a page cannot fetch files beside it).
(function () {
  "use strict";
  var manifest = JSON.parse(document.getElementById("manifest").textContent);
  var frames = manifest.frames;
  var stops = manifest.stops;
  var image = document.getElementById("frame");
  var caption = document.getElementById("caption");
  var details = document.getElementById("details");
  var scrubber = document.getElementById("scrubber");
  var position = document.getElementById("position");
  var playButton = document.getElementById("play");
  var stopBar = document.getElementById("stops");
  var current = 0;
  var timer = null;

  function stopOf(index) {
    return frames[index].stop - 1;
  }

  function describe(frame) {
    var parts = [];
    if (frame.event !== null) parts.push(frame.launch + " event " + frame.event);
    if (frame.cpp) parts.push(frame.cpp.file + ":" + frame.cpp.line);
    if (frame.passage) parts.push("passage " + frame.passage);
    if (frame.pallas_lines) {
      parts.push("flash_attention.py lines " + frame.pallas_lines[0] + "\u2013" + frame.pallas_lines[1]);
    }
    if (frame.estimated_us !== null) parts.push("about " + frame.estimated_us.toFixed(1) + " \u00b5s (estimated)");
    return parts.join(" \u00b7 ");
  }

  function show(index) {
    if (frames.length === 0) return;
    current = Math.max(0, Math.min(frames.length - 1, index));
    var frame = frames[current];
    image.src = frame.file;
    image.alt = frame.caption;
    caption.textContent = frame.caption;
    details.textContent = frame.rejection ? frame.rejection : describe(frame);
    scrubber.value = String(current);
    position.textContent = (current + 1) + " / " + frames.length;
    var buttons = stopBar.children;
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].classList.toggle("current", i === stopOf(current));
    }
    if (current + 1 < frames.length) new Image().src = frames[current + 1].file;
  }

  function goToStop(stop) {
    if (stop >= 0 && stop < stops.length) show(stops[stop].first_frame);
  }

  function setPlaying(on) {
    if (timer !== null) clearInterval(timer);
    timer = null;
    if (on) {
      timer = setInterval(function () {
        if (current + 1 >= frames.length) setPlaying(false);
        else show(current + 1);
      }, 1000 / manifest.fps);
    }
    playButton.textContent = on ? "Pause" : "Play";
  }

  stops.forEach(function (stop, i) {
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = stops.length > 1 ? (i + 1) + ". " + stop.title : stop.title;
    button.addEventListener("click", function () { goToStop(i); });
    stopBar.appendChild(button);
  });
  scrubber.max = String(Math.max(0, frames.length - 1));
  scrubber.addEventListener("input", function () { show(Number(scrubber.value)); });
  document.getElementById("previous").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  playButton.addEventListener("click", function () { setPlaying(timer === null); });

  document.addEventListener("keydown", function (event) {
    if (event.target === scrubber && (event.key === "ArrowLeft" || event.key === "ArrowRight")) return;
    var handled = true;
    switch (event.key) {
      case "ArrowRight": show(current + 1); break;
      case "ArrowLeft": show(current - 1); break;
      case "Home": show(0); break;
      case "End": show(frames.length - 1); break;
      case "PageDown": goToStop(stopOf(current) + 1); break;
      case "PageUp": goToStop(stopOf(current) - 1); break;
      case " ": setPlaying(timer === null); break;
      default: handled = false;
    }
    if (handled) event.preventDefault();
  });

  show(0);
})();
