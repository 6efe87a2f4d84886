import { CopyOutlined } from '@ant-design/icons';
import { MESSAGES } from '@gatehouse/contract';
import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useKitT } from './messages';
import { useToast } from './use-toast';

/** Spec §9: how long the copy confirmation shows. */
export const COPY_TOAST_MS = 1500;

export type CopyButtonProps = {
  text: string;
  /** The accessible name, e.g. "Copy secret". */
  label?: string;
  /** Visible content next to the icon; icon-only when left out. */
  children?: ReactNode;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
};

/** Copies a text to the clipboard and says so (spec §2: "Link copied to clipboard", or "Copy not supported"). */
export function useCopy(): (text: string) => Promise<void> {
  const toast = useToast();
  return async (text) => {
    // The clipboard API exists only in secure contexts (https or localhost).
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard?.writeText) {
      toast.error(MESSAGES.copyNotSupported);
      return;
    }
    try {
      await clipboard.writeText(text);
      // antd counts message durations in seconds.
      toast.success({ content: MESSAGES.copied, duration: COPY_TOAST_MS / 1000 });
    } catch (error) {
      console.debug('Copy failed', error);
      toast.error(MESSAGES.copyNotSupported);
    }
  };
}

export function CopyButton({ text, label, children, type = 'link', size = 'small' }: CopyButtonProps) {
  const copy = useCopy();
  const t = useKitT();

  return (
    <Button
      type={type}
      size={size}
      icon={<CopyOutlined />}
      aria-label={label ?? t('copy')}
      title={label ?? t('copy')}
      onClick={() => copy(text)}
    >
      {children}
    </Button>
  );
}
