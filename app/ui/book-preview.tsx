import { useNavigate } from 'react-router'
import { Form } from '~/ui/form'
import { useT } from '~/i18n/use-t'
import { FastLink } from './fast-link'

/**
 * A printed book's preview (spec 3, download page): one page picture at a time, previous and next,
 * a slider clamped to 1 … last (a GET form, so it works without JavaScript; with it the page changes
 * as the slider moves), the page counter, and once the PDF is made (`pdf`, its address) the download
 * button and the hint on printing.
 */
export function BookPreview({ pictures, page, here, pdf }: { pictures: string[]; page: number; here: string; pdf: string | null }) {
  const { t } = useT()
  const navigate = useNavigate()
  const last = pictures.length
  const to = (n: number) => `${here}?page=${n}`
  return (
    <section className="book-preview" aria-labelledby="preview-title">
      <h2 id="preview-title" className="visually-hidden">
        {t('ebook.preview')}
      </h2>
      <div className="preview-page">
        <img src={pictures[page - 1]} alt={t('ebook.previewPage', { n: page, count: last })} width={308} height={432} />
      </div>
      <nav className="preview-controls" aria-label={t('ebook.previewPages')}>
        {page > 1 ? <FastLink to={to(page - 1)} preventScrollReset>{t('ebook.prevPage')}</FastLink> : <span aria-disabled="true">{t('ebook.prevPage')}</span>}
        <Form method="get" className="inline-form" preventScrollReset>
          <label htmlFor="preview-slider" className="visually-hidden">
            {t('ebook.goToPage')}
          </label>
          <input id="preview-slider" type="range" name="page" min={1} max={last} value={page} aria-valuetext={t('ebook.pageOf', { n: page, count: last })} onChange={(e) => void navigate(to(Number(e.currentTarget.value)), { replace: true, preventScrollReset: true })} />
          <noscript>
            <button type="submit" className="button small secondary">
              {t('ebook.go')}
            </button>
          </noscript>
        </Form>
        <span className="page-counter" aria-live="polite">
          {t('ebook.pageOf', { n: page, count: last })}
        </span>
        {page < last ? <FastLink to={to(page + 1)} preventScrollReset>{t('ebook.nextPage')}</FastLink> : <span aria-disabled="true">{t('ebook.nextPage')}</span>}
      </nav>
      {pdf ? (
        <>
          <p>
            <a className="button" href={pdf} download>
              {t('ebook.downloadPdf')}
            </a>
          </p>
          <p className="hint">{t('ebook.printHint')}</p>
        </>
      ) : null}
    </section>
  )
}
