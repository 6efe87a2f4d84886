import { UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import './avatar.css';

/**
 * A user's picture in a circle, in antd's Avatar look; the person icon when there is none or
 * it does not load. Decorative: the name is always written beside it.
 */
export function Avatar({ src, size = 24 }: { src?: string | null; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : null;
  return (
    <span className="gh-avatar" style={{ width: size, height: size, fontSize: size <= 24 ? 14 : size / 2 }}>
      {shown ? <img src={shown} alt="" onError={() => setFailed(shown)} /> : <UserOutlined />}
    </span>
  );
}
