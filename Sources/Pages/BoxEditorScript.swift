/// The script and styles that the pick and review pages share for drawing boxes on a still:
/// `BoxEditor` (drag to draw a box, drag a box to move it, drag a corner or an edge to resize it),
/// the zoom control, and writing what the user drew as a command line or a keyframes CSV.
///
/// Boxes are clip pixels with the origin at the top-left pixel, whole numbers, as `--box` takes
/// them. A pointer position is mapped to clip pixels through the picture's natural size (the
/// still's pixels, which are the upright clip's) and its on-screen rectangle, so neither the zoom,
/// the browser's zoom nor the display's pixel ratio changes the numbers.
///
///     <div class="stage"><img id="still" src="..."/><svg class="boxes"></svg></div>
///     const editor = new BoxEditor(image, svg, {create: box => ..., change: box => ..., select: box => ...});
///     editor.show(boxes, selectedBox);
enum BoxEditorScript {
    /// CSS for `.stage` (the still and its box layer) and the boxes drawn on it.
    static let style = """
    .stage { position: relative; display: inline-block; line-height: 0; margin: 4px 0; }
    .stage img { display: block; max-width: none; image-rendering: pixelated; }
    .stage svg { position: absolute; left: 0; top: 0; width: 100%; height: 100%; touch-action: none; cursor: crosshair; }
    .stage-scroll { overflow: auto; max-width: 100%; }
    .stage svg text { font: 12px system-ui, sans-serif; paint-order: stroke; stroke: #000; stroke-width: 3px; }
    .stage svg .handle { fill: #fff; stroke: #000; }
    """

    /// The script: `BoxEditor`, `vtrackZoom`, `vtrackLabel`, `vtrackShellWord`, `vtrackKeyframesCSV`,
    /// `vtrackSave` and `vtrackCopy`.
    static let source = #"""
    // A name usable as a --box label and a CSV label: letters, digits, '_', '.', '-'; `fallback` when empty.
    function vtrackLabel(text, fallback) {
      return text.trim().replace(/[^\p{L}\p{N}_.-]+/gu, '_') || fallback;
    }

    // One word of a POSIX shell command line, quoted when it needs to be.
    function vtrackShellWord(text) {
      return /^[A-Za-z0-9_\/.,=@:+-]+$/.test(text) ? text : "'" + text.replace(/'/g, "'\\''") + "'";
    }

    function vtrackCSVField(text) {
      return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
    }

    // A keyframes file as `vtrack track --keyframes` reads it: every row a keyframe; an absent
    // object's row has the state `lost`. rows: {frame, trackID, label, x, y, width, height, absent}.
    function vtrackKeyframesCSV(rows) {
      const lines = ['frame,track_id,label,x,y,width,height,state,source'];
      for (const r of rows) {
        lines.push([r.frame, r.trackID, vtrackCSVField(r.label), r.x, r.y, r.width, r.height,
                    r.absent ? 'lost' : 'tracked', 'keyframe'].join(','));
      }
      return lines.join('\n') + '\n';
    }

    // Saves `text` as a download named `name`: from a file:// page there is nowhere else to write.
    function vtrackSave(name, text) {
      const url = URL.createObjectURL(new Blob([text], {type: 'text/csv'}));
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    }

    // Copies the text of `element`; where the clipboard is refused, selects it for the user to copy.
    function vtrackCopy(element) {
      const select = () => {
        const range = document.createRange();
        range.selectNodeContents(element);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
      };
      if (navigator.clipboard) navigator.clipboard.writeText(element.textContent).catch(select);
      else select();
    }

    // Shows the still at `value`: 'fit' (as wide as its scrolling box) or a factor ('1': one CSS
    // pixel per clip pixel).
    function vtrackZoom(image, value) {
      const width = value === 'fit' ? image.closest('.stage-scroll').clientWidth : image.naturalWidth * parseFloat(value);
      image.style.width = width + 'px';
    }

    class BoxEditor {
      // handlers: create(box) -> the box kept (or null), change(box), select(box or null); without
      // `create`, dragging outside the boxes draws nothing. A box with `fixed` set cannot be moved.
      constructor(image, svg, handlers) {
        this.image = image;
        this.svg = svg;
        this.handlers = handlers;
        this.boxes = [];
        this.selected = null;
        this.drag = null;
        svg.setAttribute('preserveAspectRatio', 'none');
        svg.addEventListener('pointerdown', event => this.press(event));
        svg.addEventListener('pointermove', event => this.move(event));
        svg.addEventListener('pointerup', () => this.release());
        svg.addEventListener('pointercancel', () => this.release());
        image.addEventListener('load', () => this.draw());
        new ResizeObserver(() => this.draw()).observe(image);
      }

      get width() { return this.image.naturalWidth; }
      get height() { return this.image.naturalHeight; }

      // Clip pixels per CSS pixel on screen.
      get scale() {
        const rect = this.image.getBoundingClientRect();
        return rect.width > 0 ? this.width / rect.width : 1;
      }

      // The pointer's position in clip pixels, inside the picture.
      point(event) {
        const rect = this.image.getBoundingClientRect();
        const x = (event.clientX - rect.left) * this.width / rect.width;
        const y = (event.clientY - rect.top) * this.height / rect.height;
        return {x: Math.min(this.width, Math.max(0, x)), y: Math.min(this.height, Math.max(0, y))};
      }

      show(boxes, selected) {
        this.boxes = boxes;
        this.selected = selected || null;
        this.drag = null;
        this.draw();
      }

      // The box under `p` and which of its edges (null: the inside, to move it).
      grab(p) {
        const reach = 6 * this.scale;
        const order = [...this.boxes].reverse();
        if (this.selected && order.includes(this.selected)) order.unshift(this.selected);
        for (const b of order) {
          if (b.fixed) continue;
          if (p.x < b.x - reach || p.x > b.x + b.width + reach || p.y < b.y - reach || p.y > b.y + b.height + reach) continue;
          const near = (a, c) => Math.abs(p.x - a) <= reach && Math.abs(p.x - a) < Math.abs(p.x - c);
          const nearY = (a, c) => Math.abs(p.y - a) <= reach && Math.abs(p.y - a) < Math.abs(p.y - c);
          const edges = {left: near(b.x, b.x + b.width) || (b.width === 0 && Math.abs(p.x - b.x) <= reach),
                         right: near(b.x + b.width, b.x), top: nearY(b.y, b.y + b.height), bottom: nearY(b.y + b.height, b.y)};
          if (edges.left || edges.right || edges.top || edges.bottom) return {box: b, edges};
          if (p.x > b.x && p.x < b.x + b.width && p.y > b.y && p.y < b.y + b.height) return {box: b, edges: null};
        }
        return null;
      }

      press(event) {
        if (event.button !== 0 || !this.width) return;
        event.preventDefault();
        const p = this.point(event), grabbed = this.grab(p);
        if (grabbed) {
          const b = grabbed.box;
          this.selected = b;
          this.drag = {box: b, edges: grabbed.edges, start: p, from: {x: b.x, y: b.y, width: b.width, height: b.height}};
        } else if (this.handlers.create) {
          this.selected = null;
          const start = {x: Math.round(p.x), y: Math.round(p.y)};
          this.drag = {creating: {x: start.x, y: start.y, width: 0, height: 0}, start};
        } else {
          return;
        }
        this.svg.setPointerCapture(event.pointerId);
        if (this.handlers.select) this.handlers.select(this.selected);
        this.draw();
      }

      move(event) {
        const p = this.point(event), d = this.drag;
        if (!d) {
          const grabbed = this.grab(p);
          const e = grabbed && grabbed.edges;
          this.svg.style.cursor = !grabbed ? (this.handlers.create ? 'crosshair' : 'default') : !e ? 'move'
            : (e.left || e.right) && (e.top || e.bottom) ? ((e.left === e.top) ? 'nwse-resize' : 'nesw-resize')
            : (e.left || e.right) ? 'ew-resize' : 'ns-resize';
          return;
        }
        const x = Math.round(p.x), y = Math.round(p.y);
        if (d.creating) {
          Object.assign(d.creating, {x: Math.min(x, d.start.x), y: Math.min(y, d.start.y),
                                     width: Math.abs(x - d.start.x), height: Math.abs(y - d.start.y)});
        } else if (!d.edges) {
          const f = d.from;
          d.box.x = Math.min(this.width - f.width, Math.max(0, f.x + Math.round(p.x - d.start.x)));
          d.box.y = Math.min(this.height - f.height, Math.max(0, f.y + Math.round(p.y - d.start.y)));
        } else {
          const f = d.from;
          let left = f.x, right = f.x + f.width, top = f.y, bottom = f.y + f.height;
          if (d.edges.left) left = Math.min(x, right - 1);
          if (d.edges.right) right = Math.max(x, left + 1);
          if (d.edges.top) top = Math.min(y, bottom - 1);
          if (d.edges.bottom) bottom = Math.max(y, top + 1);
          Object.assign(d.box, {x: left, y: top, width: right - left, height: bottom - top});
        }
        d.moved = true;
        this.draw();
      }

      release() {
        const d = this.drag;
        if (!d) return;
        this.drag = null;
        if (d.creating) {
          if (d.creating.width >= 2 && d.creating.height >= 2) {
            const kept = this.handlers.create(d.creating);
            if (kept) this.selected = kept;
            if (this.handlers.select) this.handlers.select(this.selected);
          }
        } else if (d.moved && this.handlers.change) {
          this.handlers.change(d.box);
        }
        this.draw();
      }

      draw() {
        const svg = this.svg, s = this.scale;
        svg.replaceChildren();
        if (!this.width) return;
        svg.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
        const add = (parent, name, attributes) => {
          const element = document.createElementNS(svg.namespaceURI, name);
          for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
          parent.appendChild(element);
          return element;
        };
        const boxes = this.drag && this.drag.creating ? [...this.boxes, this.drag.creating] : this.boxes;
        for (const b of boxes) {
          const colour = b.colour || '#ffd400', group = add(svg, 'g', {class: 'box'});
          add(group, 'rect', {x: b.x, y: b.y, width: b.width, height: b.height, fill: 'none', stroke: colour,
                              'stroke-width': b === this.selected ? 3 : 2, 'vector-effect': 'non-scaling-stroke',
                              'stroke-dasharray': b.dashed ? '6 4' : 'none'});
          if (b.label) {
            const text = add(group, 'text', {x: b.x, y: Math.max(12 * s, b.y - 3 * s), fill: colour,
                                             style: `font-size: ${12 * s}px; stroke-width: ${3 * s}px`});
            text.textContent = b.label;
          }
          if (b !== this.selected || b.fixed) continue;
          const side = 7 * s;
          for (const hx of [b.x, b.x + b.width / 2, b.x + b.width]) {
            for (const hy of [b.y, b.y + b.height / 2, b.y + b.height]) {
              if (hx === b.x + b.width / 2 && hy === b.y + b.height / 2) continue;
              add(group, 'rect', {class: 'handle', x: hx - side / 2, y: hy - side / 2, width: side, height: side,
                                  'vector-effect': 'non-scaling-stroke'});
            }
          }
        }
      }
    }
    """#
}
