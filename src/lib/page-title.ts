import { useEffect } from 'react';
import { useMatches } from '@tanstack/react-router';
import { t, useLanguage } from '../i18n';

export const PRODUCT_NAME = 'Smart Density';

/**
 * The tab's title: the deepest matched route's staticData.title (set once per route in
 * router.tsx, marked with msg()), in the current language, then the product's name. No titled
 * route means the not-found page.
 */
export function pageTitle(title: string | undefined): string {
  return `${title ? t(title) : t('Page not found')} · ${PRODUCT_NAME}`;
}

/** Sets document.title; again when the page or the language changes. */
export function usePageTitle() {
  const title = useMatches({ select: (matches) => matches.map((m) => m.staticData.title).filter(Boolean).at(-1) });
  const language = useLanguage();
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title, language]);
}
