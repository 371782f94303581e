import { useTranslation } from 'react-i18next'
import { SUPPORT } from './support'

export function SupportContact() {
  const { t } = useTranslation()
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
