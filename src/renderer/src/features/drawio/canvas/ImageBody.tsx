/**
 * A `shape=image` cell's picture: a data: image, an image of diagrams.net's library (`img/lib/...`,
 * shipped with the app and fetched when a page first draws it) or a workspace file, drawn as an
 * <img> at the cell's size (an SVG in an <img> runs no script), fitted as diagrams.net fits it. A remote URL is never
 * fetched (the studio reaches no network), and a file it cannot serve is not drawn: a placeholder
 * names the image, the reason and the cell's size.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { useActions } from '../editor/drawio-context';
import { imageKey, imageTurn, keepsImageAspect, libraryImageUrl, type ImageSource, type ImageTurn } from '../../../../../shared/drawio/render/image-source';

type Loaded = { url: string } | { reason: string } | undefined;

/** The data: URL of a workspace file, or why it cannot be drawn; undefined while loading. */
function useWorkspaceImage(path: string | undefined): Loaded {
  const actions = useActions();
  const [loaded, setLoaded] = useState<{ path: string; result: Loaded }>();
  useEffect(() => {
    if (path === undefined) return;
    let live = true;
    actions.loadImage(path).then(
      (url) => live && setLoaded({ path, result: { url } }),
      (err: Error) => live && setLoaded({ path, result: { reason: err.message } }),
    );
    return () => {
      live = false;
    };
  }, [actions, path]);
  return loaded !== undefined && loaded.path === path ? loaded.result : undefined;
}

interface ImageBodyProps {
  source: ImageSource;
  style: ReadonlyMap<string, string>;
  w: number;
  h: number;
  /** The cell's shadow (see useShadowCss), cast by the picture as diagrams.net's image shape casts it. */
  shadow?: CSSProperties;
}

export function ImageBody({ source, style, w, h, shadow }: ImageBodyProps) {
  const file = useWorkspaceImage(source.kind === 'file' ? source.path : undefined);
  const actions = useActions();
  const [libraryMissing, setLibraryMissing] = useState<string>();
  const look: CSSProperties = { objectFit: keepsImageAspect(style) ? 'contain' : 'fill', ...turnedCss(imageTurn(style, w, h)), ...shadow };
  const size = `${Math.round(w)}×${Math.round(h)}`;
  if (source.kind === 'data') return <img className="shape-image" src={source.url} alt="" draggable={false} style={look} />;
  if (source.kind === 'library') {
    const url = libraryImageUrl(source.path);
    if (libraryMissing === url) return <ImagePlaceholder name={`img/lib/${source.path}`} reason="not an image of diagrams.net's library" size={size} />;
    const missing = () => {
      setLibraryMissing(url);
      actions.imageNotDrawn(imageKey(source));
    };
    return <img className="shape-image" src={url} alt="" draggable={false} data-library-image={source.path} style={look} onError={missing} />;
  }
  if (source.kind === 'file') {
    if (file === undefined) return null;
    if ('url' in file) return <img className="shape-image" src={file.url} alt="" draggable={false} data-image-path={source.path} style={look} />;
    return <ImagePlaceholder name={source.path} reason={file.reason} size={size} />;
  }
  if (source.kind === 'remote') return <ImagePlaceholder name={source.url} reason="a remote image: not fetched, the studio reaches no network" size={size} />;
  return <ImagePlaceholder name={source.image} reason={source.reason} size={size} />;
}

/** The picture in its box, turned and mirrored about the box's centre as diagrams.net draws it (imageTurn). */
function turnedCss(turned: ImageTurn | undefined): CSSProperties {
  if (!turned) return {};
  const { box, turn, sx, sy } = turned;
  return { inset: 'auto', left: box.x, top: box.y, width: box.w, height: box.h, transform: `rotate(${turn}deg) scale(${sx}, ${sy})` };
}

function ImagePlaceholder({ name, reason, size }: { name: string; reason: string; size: string }) {
  return (
    <div className="shape-image-placeholder" data-testid="image-placeholder" title={`${name}: ${reason}`}>
      <span className="image-name">{name}</span>
      <span className="image-reason">{reason}</span>
      <span className="image-size">{size}</span>
    </div>
  );
}
