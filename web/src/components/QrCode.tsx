import { Center, Image, Loader } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `value` drawn in the browser (payment codes, the invitation link). */
export function QrCode({
  value,
  label,
  size = 200,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(value, { width: size, margin: 1 }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!src) {
    return (
      <Center w={size} h={size}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <Image src={src} alt={label} w={size} h={size} data-testid="qr-code" />;
}
