import { useT } from '~/i18n/use-t'

interface Resource {
  id: number
  title: string
  link: string | null
  type: 'pdf' | 'doc' | 'video' | 'link'
}

/** A book's resources; a locked (paid) book lists titles without links. */
export function ResourceList({ resources, locked }: { resources: Resource[]; locked: boolean }) {
  const { t } = useT()
  if (resources.length === 0) return <p className="empty">{t('samples.noResources')}</p>
  return (
    <>
      {locked ? (
        <p className="notice" role="note">
          {t('samples.lockedText')}
        </p>
      ) : null}
      <ul className="resources">
        {resources.map((r) => (
          <li key={r.id}>
            <span className="kind">{t(`samples.type_${r.type}`)}</span>
            <span className="title">{r.title}</span>
            {r.link ? (
              <a href={r.link} target="_blank" rel="noreferrer" download={r.type === 'pdf' || r.type === 'doc' ? '' : undefined}>
                {r.type === 'pdf' || r.type === 'doc' ? t('samples.download') : t('samples.open')}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  )
}
