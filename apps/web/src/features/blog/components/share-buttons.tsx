import { Button, CopyButton, Group, Tooltip } from '@mantine/core';
import { BLOG_MESSAGES } from '@portal/contracts';

type ShareButtonsProps = {
  // The post's public address, or null while the post has no url.
  publicUrl: string | null;
  title: string;
};

const SHARE_TARGETS = [
  {
    label: 'Share on X',
    href: (url: string, title: string) =>
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  },
  {
    label: 'Share on Facebook',
    href: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  },
  {
    label: 'Share on LinkedIn',
    href: (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  },
] as const;

// Share buttons need a url (spec 001 section 5): without one they are off and say why.
export function ShareButtons({ publicUrl, title }: ShareButtonsProps) {
  const disabled = publicUrl === null;
  const tip = (label: string) => (disabled ? BLOG_MESSAGES.shareNeedsUrl : label);
  return (
    <Group gap="xs">
      {SHARE_TARGETS.map((target) => (
        <Tooltip key={target.label} label={tip(target.label)}>
          <Button
            component="a"
            size="xs"
            variant="default"
            href={disabled ? undefined : target.href(publicUrl, title)}
            target="_blank"
            rel="noopener noreferrer"
            data-disabled={disabled || undefined}
            aria-disabled={disabled || undefined}
            disabled={disabled}
            onClick={(event) => disabled && event.preventDefault()}
          >
            {target.label}
          </Button>
        </Tooltip>
      ))}
      <CopyButton value={publicUrl ?? ''}>
        {({ copied, copy }) => (
          <Tooltip label={tip('Copy the post’s address')}>
            <Button
              size="xs"
              variant="default"
              onClick={copy}
              disabled={disabled}
              data-disabled={disabled || undefined}
            >
              {copied ? 'Link copied' : 'Copy link'}
            </Button>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
