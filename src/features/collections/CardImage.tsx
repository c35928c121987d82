import { DEFAULT_AVATAR } from '../../ui/Avatar';
import { useImageUrl } from './useImageUrl';

/** A collection card's 2:3 thumbnail, fetched with the token; the default avatar on failure. */
export function CardImage({ url, className }: { url: string; className?: string }) {
  const src = useImageUrl(url);
  return (
    <img
      className={className}
      src={src ?? DEFAULT_AVATAR}
      alt=""
      width={240}
      height={360}
      decoding="async"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}
