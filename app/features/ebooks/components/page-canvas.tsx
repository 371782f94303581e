import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react'
import { CANVAS_HEIGHT, CANVAS_WIDTH, keepOnCanvas, MM_PER_UNIT, type Box, type TemplateItem } from '~/features/ebooks/page-model'
import { useT } from '~/i18n/use-t'


// The renderer's 1.5 mm inset around a text, in canvas units.
const INSET = 1.5 / MM_PER_UNIT
const RADIUS = { rect: '0', round: `${3 / MM_PER_UNIT}px`, circle: '50%' } as const

/**
 * The page editor's canvas (with JavaScript): the page's items drawn in HTML at zoom/10 of 600 px,
 * close to what the renderer draws (saving draws the real picture). An editable item is selected by
 * click or Tab, moved by dragging or the arrow keys (5 units), resized by its corner handle or
 * Shift and the arrow keys; the editor's number fields do the same without a pointer.
 */
export function PageCanvas({
  items,
  zoom,
  selected,
  labelOf,
  onSelect,
  onBox,
}: {
  items: (TemplateItem & { text?: string })[]
  zoom: number
  selected: string | null
  labelOf: (item: TemplateItem) => string
  onSelect: (id: string) => void
  onBox: (id: string, box: Box) => void
}) {
  const { t } = useT()
  const scale = zoom / 10
  const drag = useRef<{ id: string; mode: 'move' | 'resize'; startX: number; startY: number; box: Box } | null>(null)

  const start = (item: TemplateItem, mode: 'move' | 'resize') => (e: PointerEvent<HTMLElement>) => {
    if (!item.is_editable || e.button !== 0) return
    e.stopPropagation()
    e.preventDefault()
    onSelect(item.id)
    ;(e.currentTarget.closest('.canvas-item') as HTMLElement | null)?.focus()
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { id: item.id, mode, startX: e.clientX, startY: e.clientY, box: { x: item.x, y: item.y, width: item.width, height: item.height } }
  }
  const move = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current
    if (!d) return
    const dx = (e.clientX - d.startX) / scale
    const dy = (e.clientY - d.startY) / scale
    onBox(d.id, keepOnCanvas(d.mode === 'move' ? { ...d.box, x: d.box.x + dx, y: d.box.y + dy } : { ...d.box, width: d.box.width + dx, height: d.box.height + dy }))
  }
  const end = () => {
    drag.current = null
  }
  const keys = (item: TemplateItem) => (e: KeyboardEvent<HTMLElement>) => {
    const step = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] }[e.key]
    if (!step || !item.is_editable) return
    e.preventDefault()
    const [dx, dy] = step
    onBox(item.id, keepOnCanvas(e.shiftKey ? { x: item.x, y: item.y, width: item.width + dx, height: item.height + dy } : { x: item.x + dx, y: item.y + dy, width: item.width, height: item.height }))
  }

  return (
    <div className="page-canvas" style={{ width: CANVAS_WIDTH * scale, height: CANVAS_HEIGHT * scale }} role="group" aria-label={t('ebook.canvas')} aria-describedby="canvas-keys">
      {[...items]
        .sort((a, b) => a.z_index - b.z_index)
        .map((item) => {
          const style: CSSProperties = {
            left: item.x * scale,
            top: item.y * scale,
            width: item.width * scale,
            height: item.height * scale,
            zIndex: item.z_index,
            background: item.background_color ?? undefined,
            color: item.color,
            fontSize: (item.font_size ?? 16) * scale,
            fontWeight: item.font_weight === 'bold' ? 700 : 400,
            textAlign: item.text_align,
            borderRadius: RADIUS[item.shape ?? 'rect'],
            padding: item.type === 'text' && item.text ? INSET * scale : 0,
          }
          const isSelected = item.id === selected
          return (
            <div
              key={item.id}
              className={`canvas-item ${item.type}${item.is_editable ? ' editable' : ''}${isSelected ? ' selected' : ''}`}
              style={style}
              tabIndex={item.is_editable ? 0 : undefined}
              role={item.is_editable ? 'button' : undefined}
              aria-pressed={item.is_editable ? isSelected : undefined}
              // Named by what it is, then what it shows (the visible text stays in the name, WCAG 2.5.3).
              aria-label={item.is_editable ? [labelOf(item), item.type === 'text' ? item.text : ''].filter(Boolean).join(': ') : undefined}
              aria-hidden={item.is_editable ? undefined : true}
              onFocus={item.is_editable ? () => onSelect(item.id) : undefined}
              onPointerDown={start(item, 'move')}
              onPointerMove={move}
              onPointerUp={end}
              onPointerCancel={end}
              onKeyDown={keys(item)}
            >
              {item.type === 'pic' ? item.img_url ? <img src={item.img_url} alt="" draggable={false} style={{ borderRadius: style.borderRadius }} /> : <span className="pic-placeholder" /> : item.text}
              {isSelected ? <span className="resize-handle" aria-hidden="true" onPointerDown={start(item, 'resize')} onPointerMove={move} onPointerUp={end} onPointerCancel={end} /> : null}
            </div>
          )
        })}
    </div>
  )
}
