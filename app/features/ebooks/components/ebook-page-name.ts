import { templateKind } from '~/features/ebooks/page-model'
import { useT } from '~/i18n/use-t'

/** A page's name in lists and the editor: its kind, or its post's title (and "large picture" for one added). */
export function usePageName() {
  const { t } = useT()
  return (page: { templateId: string; postTitle: string | null }) => {
    const kind = templateKind(page.templateId)
    if (page.postTitle !== null) return kind === 'diary-large' ? t('ebook.pageLarge', { title: page.postTitle }) : page.postTitle
    return t(`ebook.page_${kind as 'cover' | 'author' | 'board' | 'epilogue'}`)
  }
}

/** A design's name: "Meadow", "Sunrise". */
export function useDesignName() {
  const { t } = useT()
  return (templateId: string) => t(`ebook.design_${templateId.split('-')[0] as 'meadow' | 'sunrise'}`)
}
