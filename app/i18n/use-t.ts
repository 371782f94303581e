import type { i18n as I18n } from 'i18next'
import { useContext, useSyncExternalStore } from 'react'
import { I18nContext } from 'react-i18next'

const subscribers = new WeakMap<I18n, (onChange: () => void) => () => void>()

function subscribeTo(i18n: I18n) {
  let subscribe = subscribers.get(i18n)
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange)
      return () => i18n.off('languageChanged', onChange)
    }
    subscribers.set(i18n, subscribe)
  }
  return subscribe
}

/**
 * The translation function of the provider's i18next instance, re-rendering when its language
 * changes. Stands in for react-i18next's useTranslation, which copies the instance and all of its
 * options on each call and for each translated string: a fifth of the server's time on /diary
 * (docs/decisions/0007-translation-hook.md). One namespace, no suspense: resources are loaded
 * before rendering.
 */
export function useT() {
  const { i18n } = useContext(I18nContext)
  const subscribe = subscribeTo(i18n)
  useSyncExternalStore(subscribe, () => i18n.language, () => i18n.language)
  return { t: i18n.t, i18n }
}
