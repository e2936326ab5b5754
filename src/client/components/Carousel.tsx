import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type KeyboardEvent } from 'react';

export interface CarouselSlide {
  /** The picture; `alt` is its text alternative. */
  src: string;
  /** Further sizes of the picture (`srcset` with widths), so that a phone loads a phone's size. */
  srcSet?: string;
  alt: string;
  title: string;
  caption: string;
}

/**
 * What the picture is shown at: the box's width, but a 16:9 picture at most 420 px high is at
 * most 747 px wide (16 px padding on a phone, 24 px from 600 px on).
 */
const SLIDE_SIZES = '(min-width: 795px) 747px, (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)';

export interface CarouselProps {
  /** Names the carousel for screen readers, e.g. 'Bilder aus dem Verein'. */
  label: string;
  slides: readonly CarouselSlide[];
  /** Time per slide while it turns by itself. */
  intervalMs?: number;
}

const DEFAULT_INTERVAL_MS = 7000;

/**
 * A carousel after the WAI-ARIA pattern: buttons and arrow keys turn it, it stands still
 * while pointer or focus is on it, a button stops and starts it, and it starts still for
 * visitors who asked their system for reduced motion.
 */
export function Carousel({ label, slides, intervalMs = DEFAULT_INTERVAL_MS }: CarouselProps) {
  // Without noSsr: a server cannot know the wish, and hydration must see what the server rendered.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  // Still by default for those who asked for reduced motion, derived rather than frozen into the
  // first render's state; the play button records the visitor's own choice.
  const [chosenPlaying, setChosenPlaying] = useState<boolean | null>(null);
  const playing = chosenPlaying ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const count = slides.length;
  const rotating = playing && count > 1;
  const advancing = rotating && !hovered && !focused;

  useEffect(() => {
    if (!advancing) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [advancing, count, intervalMs]);

  const previous = () => setIndex((current) => (current - 1 + count) % count);
  const next = () => setIndex((current) => (current + 1) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
    else return;
    event.preventDefault();
  };

  const slide = slides[index];
  if (!slide) return null;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-roledescription="Karussell"
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      sx={{ overflow: 'hidden', mb: 4 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1, py: 0.5, bgcolor: 'grey.100' }}>
        <IconButton
          onClick={() => setChosenPlaying(!playing)}
          aria-label={playing ? 'Automatischen Bildwechsel anhalten' : 'Automatischen Bildwechsel starten'}
          disabled={count < 2}
        >
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <IconButton onClick={previous} aria-label="Vorheriges Bild" disabled={count < 2}>
            <ChevronLeftIcon />
          </IconButton>
          <Typography variant="body2" aria-hidden>
            {index + 1} / {count}
          </Typography>
          <IconButton onClick={next} aria-label="Nächstes Bild" disabled={count < 2}>
            <ChevronRightIcon />
          </IconButton>
        </Box>
      </Box>
      {/* Announces the new slide only when a visitor turned it, not every few seconds. */}
      <Box aria-live={rotating ? 'off' : 'polite'} aria-atomic>
        <Box
          component="figure"
          role="group"
          aria-roledescription="Bild"
          aria-label={`${index + 1} von ${count}: ${slide.title}`}
          sx={{ m: 0 }}
        >
          <Box
            component="img"
            src={slide.src}
            srcSet={slide.srcSet}
            sizes={slide.srcSet ? SLIDE_SIZES : undefined}
            // The first picture is what a visitor sees first (the page's largest paint): fetched before the scripts.
            fetchPriority={index === 0 ? 'high' : 'auto'}
            alt={slide.alt}
            sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'contain', maxHeight: 420, bgcolor: 'grey.50' }}
          />
          <Box component="figcaption" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2">
              {slide.title}
            </Typography>
            <Typography variant="body2">{slide.caption}</Typography>
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}
