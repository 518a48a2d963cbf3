/* Player names offered as they are typed. Without scripts the browser's own list
 * (<datalist id="player-names">) offers them; with scripts this list takes its place and reads
 * names as the server does (tournaments/player_names.py): case and accents do not matter, and
 * the beginning of any word of a name is enough ("kovacs", "jan" both offer "Kovács János").
 * Arrow keys move through the offers, Enter or a click takes one, Escape closes the list. */
(function () {
  "use strict";

  var SHOWN = 8;

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, " ").trim();
  }

  function wordStarts(folded) {
    var starts = [0];
    for (var index = 0; index < folded.length; index += 1) {
      if (folded[index] === " ") { starts.push(index + 1); }
    }
    return starts;
  }

  function offers(names, typed) {
    var wanted = fold(typed);
    if (!wanted) { return []; }
    return names.filter(function (name) {
      return name.starts.some(function (start) { return name.folded.slice(start).indexOf(wanted) === 0; });
    }).slice(0, SHOWN);
  }

  function enhance(input, names, number) {
    var list = document.createElement("ul");
    var active = -1;
    list.id = "player-offers-" + number;
    list.className = "name-offers";
    list.setAttribute("role", "listbox");
    list.hidden = true;
    input.removeAttribute("list");
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", list.id);
    input.setAttribute("aria-expanded", "false");
    input.parentNode.classList.add("has-offers");
    input.insertAdjacentElement("afterend", list);

    function close() {
      list.hidden = true;
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }

    function mark(index) {
      var items = list.children;
      active = index;
      for (var item = 0; item < items.length; item += 1) {
        items[item].setAttribute("aria-selected", item === index ? "true" : "false");
      }
      if (index >= 0) { input.setAttribute("aria-activedescendant", items[index].id); }
    }

    function take(text) {
      input.value = text;
      close();
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }

    function show() {
      var found = offers(names, input.value);
      list.textContent = "";
      if (!found.length || (found.length === 1 && found[0].text === input.value)) { close(); return; }
      found.forEach(function (name, index) {
        var item = document.createElement("li");
        item.id = list.id + "-" + index;
        item.setAttribute("role", "option");
        item.textContent = name.text;
        item.addEventListener("mousedown", function (event) {
          event.preventDefault();  // keep the focus in the field
          take(name.text);
        });
        list.appendChild(item);
      });
      list.style.top = (input.offsetTop + input.offsetHeight) + "px";  // under the field, over its problems
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
      mark(-1);
    }

    input.addEventListener("input", show);
    input.addEventListener("blur", close);
    input.addEventListener("keydown", function (event) {
      var count = list.hidden ? 0 : list.children.length;
      if (event.key === "ArrowDown" && count) {
        event.preventDefault();
        mark((active + 1) % count);
      } else if (event.key === "ArrowUp" && count) {
        event.preventDefault();
        mark(active <= 0 ? count - 1 : active - 1);
      } else if (event.key === "Enter" && count && active >= 0) {
        event.preventDefault();  // take the offer; the next Enter saves
        take(list.children[active].textContent);
      } else if (event.key === "Escape" && count) {
        close();
      }
    });
  }

  function start() {
    var datalist = document.getElementById("player-names");
    if (!datalist) { return; }
    var names = Array.prototype.map.call(datalist.options, function (option) {
      var folded = fold(option.value);
      return { text: option.value, folded: folded, starts: wordStarts(folded) };
    });
    document.querySelectorAll("input[list='player-names']").forEach(function (input, number) {
      enhance(input, names, number);
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
