import { useCallback, useState } from 'react'
import Cropper, { type Area } from 'react-easy-crop'
import { useT } from '~/i18n/use-t'

/**
 * The avatar's square crop (spec 1 section 5: 200x200, zoom 1 to 20), loaded only once a picture
 * is chosen and the script runs. The chosen square, in the picture's own pixels, goes to the form's
 * hidden fields; the server cuts it (or the centred square without JavaScript).
 */
export default function AvatarCropper({ src, onArea }: { src: string; onArea: (area: Area) => void }) {
  const { t } = useT()
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const done = useCallback((_: Area, pixels: Area) => onArea(pixels), [onArea])
  return (
    <div className="avatar-cropper">
      <div className="crop-area">
        <Cropper image={src} crop={crop} zoom={zoom} minZoom={1} maxZoom={20} aspect={1} cropShape="round" cropSize={{ width: 200, height: 200 }} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={done} />
      </div>
      <label className="field">
        <span>{t('settings.zoom')}</span>
        <input type="range" min={1} max={20} step={0.1} value={zoom} onChange={(e) => setZoom(Number(e.currentTarget.value))} />
      </label>
    </div>
  )
}
