import ArchiveIcon from '@mui/icons-material/FolderZip';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import TableChartIcon from '@mui/icons-material/TableChart';
import TextSnippetIcon from '@mui/icons-material/TextSnippet';
import VideoFileIcon from '@mui/icons-material/VideoFile';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { FILE_FAMILY_LABELS, fileFamily, type FileFamily } from '../../shared/files.ts';

const ICONS: Record<FileFamily, ComponentType<SvgIconProps>> = {
  pdf: PictureAsPdfIcon,
  image: ImageIcon,
  audio: AudioFileIcon,
  video: VideoFileIcon,
  archive: ArchiveIcon,
  text: TextSnippetIcon,
  document: DescriptionIcon,
  spreadsheet: TableChartIcon,
  presentation: SlideshowIcon,
  other: InsertDriveFileIcon,
};

/**
 * The icon of a file's kind (by its sniffed MIME type), named for screen readers unless
 * `decorative`: beside the kind written out, a name would only say it twice.
 */
export function FileIcon({ mime, decorative = false, ...props }: { mime: string; decorative?: boolean } & SvgIconProps) {
  const family = fileFamily(mime);
  const Icon = ICONS[family];
  // Without titleAccess MUI marks the drawing aria-hidden.
  return <Icon titleAccess={decorative ? undefined : FILE_FAMILY_LABELS[family]} {...props} />;
}
