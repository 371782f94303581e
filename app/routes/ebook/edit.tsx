import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import type { Area } from 'react-easy-crop'
import { data, useNavigation, useSearchParams } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/edit'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { requireBook } from '~/auth/book-gate.server'
import { printBlock } from '~/features/ebooks/books.server'
import { EBOOK_ITEM_TEXT_MAX } from '~/features/ebooks/constants'
import { drawNow, feelingInBook } from '~/features/ebooks/drawing.server'
import { CANVAS_HEIGHT, CANVAS_WIDTH, keepOnCanvas, type Box, type TemplateItem } from '~/features/ebooks/page-model'
import { changeTemplate, firstPageId, pageForEditing, pictureUrl, removeAddedPage, savePage, type PageEdit } from '~/features/ebooks/pages.server'
import { parseId } from '~/shared/lists'
import { readUpload, TOO_LARGE } from '~/http/form.server'
import { EBOOKS_HANDLE } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { ConfirmDialog } from '~/ui/dialog'
import { useDesignName, usePageName } from '~/features/ebooks/components/ebook-page-name'
import { EbookSteps } from '~/features/ebooks/components/ebook-steps'
import { ErrorList } from '~/ui/field'
import { FastLink } from '~/ui/fast-link'
import { useHydrated } from '~/ui/hydrated'
import { PageCanvas } from '~/features/ebooks/components/page-canvas'
import { pageMeta } from '~/ui/page-title'
import { UnsavedChanges } from '~/ui/unsaved-changes'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = EBOOKS_HANDLE
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

const PictureCropper = lazy(() => import('~/ui/picture-cropper'))

/** A page's editor; the forms post there, also when the page was opened as step 3 (no page named). */
const editorPath = (bookId: number, pageId: number) => `/ebook/${bookId}/edit?qpage_id=${pageId}`

async function editorPage(request: Request, context: Route.LoaderArgs['context'], rawBookId: string) {
  const found = await requireBook(request, context, rawBookId)
  const raw = new URL(request.url).searchParams.get('qpage_id')
  return { ...found, pageId: raw === null ? null : parseId(raw) }
}

/**
 * /ebook/{id}/edit?qpage_id=: one page's editor (step 3). Its template (by kind), its editable
 * texts and pictures by form (also without JavaScript), and with JavaScript a canvas where items
 * move and resize, at zoom 5 to 15 (50 % to 150 %). Saving draws the page's picture again.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { book, pageId: asked } = await editorPage(request, context, params.bookId)
  // Step 3's link names no page: the first is shown at once (a redirect cost a school's line 0.4 s).
  const pageId = asked ?? (await firstPageId(db, book.id))
  const editing = pageId === undefined ? null : await pageForEditing(db, book, pageId, feelingInBook)
  if (!editing) throw data(null, { status: 404 })
  const index = editing.pages.findIndex((p) => p.id === editing.page.id)
  const current = editing.pages[index]
  return {
    title: `${getInstance(context).t('ebook.editTitle')} | ${book.student}`,
    bookId: book.id,
    block: printBlock(book, editing.pages),
    ...editing,
    index,
    picture: current.drawn ? pictureUrl(book.id, current) : null,
    pages: editing.pages.map((p) => ({ id: p.id, templateId: p.templateId, postTitle: p.postTitle })),
  }
}

/** A box sent as "x,y,width,height" (the canvas's hidden fields); anything else is ignored. */
function boxOf(value: FormDataEntryValue): Box | null {
  const n = String(value).split(',').map(Number)
  return n.length === 4 && n.every(Number.isFinite) ? keepOnCanvas({ x: n[0], y: n[1], width: n[2], height: n[3] }) : null
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { book, session, pageId } = await editorPage(request, context, params.bookId)
  const form = await readUpload(request)
  if (pageId === null) throw data(null, { status: 404 })
  // Only the page form sends a file: over the limits, it is shown again with the picture's message.
  if (form === TOO_LARGE) return data({ error: 'ebook.imageTooBig' as const, item: '' }, 413)
  const args: IntentArgs = { request, session, book, pageId, form, here: editorPath(book.id, pageId) }
  switch (form.get('intent')) {
    case 'template':
      return templateAction(args)
    case 'remove':
      return removeAction(args)
    case 'save':
      return saveAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

type IntentArgs = Pick<Awaited<ReturnType<typeof editorPage>>, 'book' | 'session'> & { request: Request; pageId: number; form: FormData; here: string }

async function templateAction({ request, session, book, pageId, form, here }: IntentArgs) {
  if (!(await changeTemplate(db, book, pageId, String(form.get('templateId'))))) throw data(null, { status: 400 })
  await drawNow(book.id)
  return await redirectWithToast(request, session, here, { kind: 'success', key: 'ebook.templateChanged' })
}

async function removeAction({ request, session, book, pageId }: IntentArgs) {
  if (!(await removeAddedPage(db, book, pageId))) throw data(null, { status: 400 })
  return await redirectWithToast(request, session, `/ebook/${book.id}/list`, { kind: 'success', key: 'ebook.pageRemoved' })
}

/** The page form: its texts, its boxes and a new picture (cropped with JavaScript). */
async function saveAction({ request, session, book, pageId, form, here }: IntentArgs) {
  const edit: PageEdit = { texts: new Map(), boxes: new Map() }
  for (const [name, value] of form) {
    if (name.startsWith('text:') && typeof value === 'string') edit.texts.set(name.slice(5), value)
    const box = name.startsWith('box:') ? boxOf(value) : null
    if (box) edit.boxes.set(name.slice(4), box)
  }
  const file = form.get('picture')
  if (file instanceof File && file.size > 0) {
    const crop = ['cropX', 'cropY', 'cropW', 'cropH'].map((k) => Number(form.get(k)))
    edit.picture = { itemId: String(form.get('pictureItem')), file, crop: crop.every((v) => Number.isFinite(v)) && crop[2] > 0 && crop[3] > 0 ? { x: crop[0], y: crop[1], width: crop[2], height: crop[3] } : null }
  }
  const saved = await savePage(db, book, pageId, edit, feelingInBook)
  if (!saved.ok) {
    if (saved.error === 'missing') throw data(null, { status: 404 })
    return data({ error: saved.error, item: saved.item }, 400)
  }
  await drawNow(book.id)
  return await redirectWithToast(request, session, here, { kind: 'success', key: 'ebook.pageSaved' })
}

type FillLabel = `ebook.fill_${string}`

export default function PageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const pageName = usePageName()
  const designName = useDesignName()
  const { bookId, block, page, pages, index, choices } = loaderData
  const name = pageName({ templateId: page.templateId, postTitle: page.postTitle })
  const busy = useNavigation().state === 'submitting'
  const [params] = useSearchParams()
  const prev = pages[index - 1]
  const next = pages[index + 1]
  const here = editorPath(bookId, page.id)
  return (
    <>
      <EbookSteps bookId={bookId} current={3} block={block} />
      <nav className="breadcrumbs" aria-label={t('ebook.breadcrumb')}>
        <FastLink to={`/ebook/${bookId}/list`}>{t('ebook.pagesTitle')}</FastLink> › <span>{t('ebook.pageN', { n: index + 1, name })}</span>
      </nav>
      <h1>{t('ebook.editTitle')}</h1>
      <nav className="page-switch" aria-label={t('ebook.otherPages')}>
        {prev ? <FastLink to={editorPath(bookId, prev.id)}>{t('ebook.prevPage')}</FastLink> : <span aria-disabled="true">{t('ebook.prevPage')}</span>}
        <Form method="get" className="inline-form">
          <label htmlFor="go-page">{t('ebook.goToPage')}</label>
          <select id="go-page" name="qpage_id" defaultValue={page.id} key={page.id}>
            {pages.map((p, i) => (
              <option key={p.id} value={p.id}>
                {t('ebook.pageN', { n: i + 1, name: pageName(p) })}
              </option>
            ))}
          </select>
          <button type="submit" className="button small secondary">
            {t('ebook.go')}
          </button>
        </Form>
        {next ? <FastLink to={editorPath(bookId, next.id)}>{t('ebook.nextPage')}</FastLink> : <span aria-disabled="true">{t('ebook.nextPage')}</span>}
      </nav>
      {/* A saved page comes back with its new version: the editor starts again from what was stored. */}
      <PageForm key={`${page.id}:${page.version}`} data={loaderData} error={actionData} busy={busy} />
      <section className="card" aria-labelledby="template-title">
        <h2 id="template-title">{t('ebook.template')}</h2>
        <Form method="post" action={here} className="template-choices">
          <input type="hidden" name="intent" value="template" />
          <fieldset>
            <legend className="visually-hidden">{t('ebook.template')}</legend>
            {choices.map((c) => (
              <label key={c.id} className={`template-choice design-${c.id.split('-')[0]}`}>
                <input type="radio" name="templateId" value={c.id} defaultChecked={c.id === page.templateId} /> {designName(c.id)}: {t(c.id.endsWith('-diary-large') ? 'ebook.layoutLarge' : 'ebook.layoutUsual')}
              </label>
            ))}
          </fieldset>
          <p className="hint">{t('ebook.templateHint')}</p>
          <button type="submit" className="button secondary" disabled={busy}>
            {t('ebook.useTemplate')}
          </button>
        </Form>
      </section>
      {page.added ? (
        <p>
          <FastLink className="button danger" to={`${here}&remove=1`} preventScrollReset>
            {t('ebook.removePage')}
          </FastLink>
        </p>
      ) : null}
      {page.added && params.has('remove') ? <ConfirmDialog title={t('ebook.removeTitle')} text={t('ebook.removeText')} closeTo={here} confirm={t('ebook.removePage')} cancel={t('ebook.stay')} fields={{ intent: 'remove' }} /> : null}
    </>
  )
}

/** The page's items as the form and canvas edit them: texts and boxes of the editable ones. */
function PageForm({ data: loaderData, error, busy }: { data: Route.ComponentProps['loaderData']; error: Route.ComponentProps['actionData']; busy: boolean }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const { items: initial, picture, page } = loaderData
  const editable = initial.filter((i) => i.is_editable)
  const [texts, setTexts] = useState(() => Object.fromEntries(editable.filter((i) => i.type === 'text').map((i) => [i.id, i.text ?? ''])))
  const [boxes, setBoxes] = useState<Record<string, Box>>(() => Object.fromEntries(editable.map((i) => [i.id, { x: i.x, y: i.y, width: i.width, height: i.height }])))
  const [selected, setSelected] = useState<string | null>(null)
  const [zoom, setZoom] = useState(10)
  // On a narrow screen (a 1024 px school PC) the page starts at the zoom that fits its column.
  const wrap = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!wrap.current) return
    const room = wrap.current.clientWidth - 24
    if (room < CANVAS_WIDTH) setZoom(Math.max(5, Math.floor((room / CANVAS_WIDTH) * 10)))
  }, [hydrated])
  const slots = loaderData.pictureSlots
  const [pictureItem, setPictureItem] = useState(() => slots[0]?.id ?? '')
  const [chosenFile, setChosenFile] = useState<string | null>(null)
  const [area, setArea] = useState<Area | null>(null)
  const items = useMemo(() => initial.map((i) => (i.is_editable ? { ...i, ...boxes[i.id], ...(i.type === 'text' ? { text: texts[i.id] } : {}) } : i)), [initial, boxes, texts])
  const dirty = chosenFile !== null || editable.some((i) => (i.type === 'text' && texts[i.id] !== (i.text ?? '')) || ['x', 'y', 'width', 'height'].some((k) => boxes[i.id][k as keyof Box] !== i[k as keyof Box]))

  const labelOf = (item: Pick<TemplateItem, 'id' | 'type' | 'fill_data'>) => {
    if (item.fill_data) return t(`ebook.fill_${item.fill_data.replace('.', '_')}` as FillLabel as 'ebook.fill_post_title')
    const n = (item.type === 'pic' ? slots : editable.filter((i) => i.type === 'text')).findIndex((i) => i.id === item.id) + 1
    return t(item.type === 'pic' ? 'ebook.pictureN' : 'ebook.textN', { n })
  }
  const selectedItem = selected ? items.find((i) => i.id === selected && i.is_editable) : undefined
  const slot = slots.find((i) => i.id === pictureItem)
  const pictureTarget = slot && { ...slot, ...boxes[slot.id] }
  const setBox = (id: string, box: Box) => setBoxes((old) => ({ ...old, [id]: box }))
  const select = (id: string) => {
    setSelected(id)
    if (items.find((i) => i.id === id)?.type === 'pic') setPictureItem(id)
  }
  const errorFor = (id: string) => (error && 'item' in error && error.item === id ? [error.error] : undefined)

  return (
    <Form method="post" action={editorPath(loaderData.bookId, page.id)} encType="multipart/form-data" className="page-editor" draft={`ebook-page-${page.id}`}>
      <UnsavedChanges dirty={dirty} />
      <input type="hidden" name="intent" value="save" />
      <div className="editor-stage">
        {hydrated ? (
          <>
            <div className="zoom-bar">
              <label htmlFor="zoom">{t('ebook.zoom')}</label>
              <input id="zoom" type="range" min={5} max={15} step={1} value={zoom} onChange={(e) => setZoom(Number(e.currentTarget.value))} aria-valuetext={`${zoom * 10}%`} />
              <output htmlFor="zoom">{zoom * 10}%</output>
            </div>
            <p id="canvas-keys" className="hint">
              {t('ebook.canvasKeys')}
            </p>
            <div className="canvas-wrap" ref={wrap}>
              <PageCanvas items={items} zoom={zoom} selected={selected} labelOf={labelOf} onSelect={select} onBox={setBox} />
            </div>
            {editable.map((i) => (
              <input key={i.id} type="hidden" name={`box:${i.id}`} value={`${boxes[i.id].x},${boxes[i.id].y},${boxes[i.id].width},${boxes[i.id].height}`} />
            ))}
          </>
        ) : picture ? (
          <img className="page-picture" src={picture} alt={t('ebook.pictureOfPage')} width={CANVAS_WIDTH / 2} height={CANVAS_HEIGHT / 2} />
        ) : (
          <p className="page-processing">{t('ebook.processing')}</p>
        )}
      </div>
      <div className="editor-fields">
        {selectedItem ? (
          <fieldset className="card box-fields">
            <legend>{t('ebook.placeOf', { name: labelOf(selectedItem) })}</legend>
            {(['x', 'y', 'width', 'height'] as const).map((k) => (
              <label key={k} className="field inline">
                <span>{t(`ebook.box_${k}`)}</span>
                <input type="number" value={boxes[selectedItem.id][k]} min={k === 'x' || k === 'y' ? 0 : 20} max={k === 'x' || k === 'width' ? CANVAS_WIDTH : CANVAS_HEIGHT} onChange={(e) => setBox(selectedItem.id, keepOnCanvas({ ...boxes[selectedItem.id], [k]: Number(e.currentTarget.value) }))} />
              </label>
            ))}
          </fieldset>
        ) : null}
        <fieldset className="card">
          <legend>{t('ebook.texts')}</legend>
          {editable.filter((i) => i.type === 'text').length === 0 ? <p className="hint">{t('ebook.noTexts')}</p> : null}
          {editable
            .filter((i) => i.type === 'text')
            .map((i) => (
              <div className="field" key={i.id}>
                <label htmlFor={`text-${i.id}`}>{labelOf(i)}</label>
                <textarea id={`text-${i.id}`} name={`text:${i.id}`} rows={i.fill_data === 'board.comments' ? 6 : 2} value={texts[i.id]} onChange={(e) => {
                    const value = e.currentTarget.value
                    setTexts((old) => ({ ...old, [i.id]: value }))
                  }} onFocus={() => setSelected(i.id)} aria-invalid={errorFor(i.id) ? true : undefined} aria-describedby={errorFor(i.id) ? `text-${i.id}-error` : undefined} />
                <ErrorList id={`text-${i.id}-error`} errors={errorFor(i.id)} />
              </div>
            ))}
          <p className="hint">{t('ebook.textsHint', { count: EBOOK_ITEM_TEXT_MAX })}</p>
        </fieldset>
        {slots.length ? (
          <fieldset className="card">
            <legend>{t('ebook.replacePicture')}</legend>
            <div className="field">
              <label htmlFor="picture-item">{t('ebook.whichPicture')}</label>
              <select id="picture-item" name="pictureItem" value={pictureItem} onChange={(e) => setPictureItem(e.currentTarget.value)}>
                {slots.map((i) => (
                  <option key={i.id} value={i.id}>
                    {labelOf(i)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="picture-file">{t('ebook.pictureFile')}</label>
              <input
                id="picture-file"
                type="file"
                name="picture"
                accept="image/png,image/jpeg"
                aria-describedby="picture-hint"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0]
                  setArea(null)
                  setChosenFile(file ? URL.createObjectURL(file) : null)
                }}
              />
              <p id="picture-hint" className="hint">
                {t(hydrated ? 'ebook.pictureHintCrop' : 'ebook.pictureHint')}
              </p>
              <ErrorList errors={error && 'item' in error && error.error.startsWith('ebook.') ? [error.error] : undefined} />
            </div>
            {hydrated && chosenFile && pictureTarget ? (
              <Suspense fallback={null}>
                <PictureCropper src={chosenFile} aspect={pictureTarget.width / pictureTarget.height} onArea={setArea} />
              </Suspense>
            ) : null}
            {area ? (
              <>
                <input type="hidden" name="cropX" value={area.x} />
                <input type="hidden" name="cropY" value={area.y} />
                <input type="hidden" name="cropW" value={area.width} />
                <input type="hidden" name="cropH" value={area.height} />
              </>
            ) : null}
          </fieldset>
        ) : null}
        {/* In the flow, after the fields: a bar stuck to the screen's foot would cover the field being typed in. */}
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {t('ebook.savePage')}
          </button>
          {dirty ? <span className="hint">{t('ebook.unsaved')}</span> : null}
        </div>
        <p className="hint">{t(page.postId === null ? 'ebook.pageHintBook' : 'ebook.pageHintPost')}</p>
      </div>
    </Form>
  )
}
