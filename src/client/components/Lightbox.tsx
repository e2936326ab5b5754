import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';

export interface LightboxImage {
  src: string;
  /** The text alternative, shown as the caption too. */
  alt: string;
  width: number;
  height: number;
}

export interface LightboxProps {
  images: readonly LightboxImage[];
  /** The image shown; null closes the lightbox. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** A horizontal move of at least this many pixels turns the picture. */
const SWIPE_PX = 50;

/**
 * One picture at a time over the page: arrow keys, the buttons and a swipe move between
 * them, Escape and the close button end it. The caption is the picture's text alternative.
 */
export function Lightbox({ images, index, onIndexChange, onClose }: LightboxProps) {
  const captionId = useId();
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const image = index === null ? undefined : images[index];

  const move = (step: number) => {
    if (index === null || count < 2) return;
    onIndexChange((index + step + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    // Mostly sideways: a vertical drag is scrolling, not a swipe.
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) move(dx < 0 ? 1 : -1);
  };

  return (
    <Dialog
      open={image !== undefined}
      onClose={onClose}
      fullScreen
      aria-labelledby={captionId}
      onKeyDown={onKeyDown}
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
    >
      {image && index !== null && (
        <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1, py: 0.5 }}>
            <Typography variant="body2" aria-live="polite">
              Bild {index + 1} von {count}
            </Typography>
            <IconButton onClick={onClose} aria-label="Schließen" sx={{ color: 'inherit' }}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Box
            sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', touchAction: 'pan-y' }}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            <Box
              component="img"
              key={image.src}
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              draggable={false}
              sx={{ maxWidth: '100%', maxHeight: '100%', width: 'auto', height: 'auto', objectFit: 'contain', userSelect: 'none' }}
            />
            {count > 1 && (
              <>
                <IconButton
                  onClick={() => move(-1)}
                  aria-label="Vorheriges Bild"
                  sx={{ position: 'absolute', left: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)', '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' } }}
                >
                  <ChevronLeftIcon fontSize="large" />
                </IconButton>
                <IconButton
                  onClick={() => move(1)}
                  aria-label="Nächstes Bild"
                  sx={{ position: 'absolute', right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)', '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' } }}
                >
                  <ChevronRightIcon fontSize="large" />
                </IconButton>
              </>
            )}
          </Box>
          <Typography id={captionId} component="p" variant="body1" sx={{ textAlign: 'center', p: 2 }}>
            {image.alt}
          </Typography>
        </Box>
      )}
    </Dialog>
  );
}
