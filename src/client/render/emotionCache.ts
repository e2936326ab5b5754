import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * MUI's styles (emotion) under one key in the browser and on the server: the browser's
 * cache takes over the `<style data-emotion="css …">` elements the server put into the
 * document instead of inserting the same rules again.
 */
export function createEmotionCache(): EmotionCache {
  return createCache({ key: 'css' });
}
