import { useT } from '~/i18n/use-t'
import { SUPPORT } from './support'

export function SupportContact() {
  const { t } = useT()
  return (
    <ul className="support">
      <li>{t('pages.supportPhone', { phone: SUPPORT.phone })}</li>
      <li>{t('pages.supportChat', { chat: SUPPORT.chat })}</li>
      <li>
        {t('pages.supportMail', { mail: '' })}
        <a href={`mailto:${SUPPORT.mail}`}>{SUPPORT.mail}</a>
      </li>
      <li>{t('pages.supportHours')}</li>
    </ul>
  )
}
