/**
 * A chat with the seller on WhatsApp, with a first message already written:
 * `https://wa.me/50937123456?text=…`. wa.me takes the number as digits only, country code first.
 */
export function whatsappChatUrl(phone: string, message: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
