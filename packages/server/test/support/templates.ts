/** Templates as the Graph API lists them, for the Cloud API fakes of the tests. */

/** `order_update`: header and body variables, a footer and a URL button with a suffix. */
export const ORDER_UPDATE = {
  id: '9001',
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  status: 'APPROVED',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#123'] } },
    {
      type: 'BODY',
      text: 'Hello {{1}}, your order {{2}} has shipped.',
      example: { body_text: [['Maria', '#123']] },
    },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    {
      type: 'BUTTONS',
      buttons: [
        { type: 'URL', text: 'Track', url: 'https://shop.test/track/{{1}}', example: ['https://shop.test/track/123'] },
      ],
    },
  ],
}

/** `follow_up`: one body variable, for follow-ups after the window closed. */
export const FOLLOW_UP = {
  id: '9002',
  name: 'follow_up',
  language: 'pt_BR',
  category: 'MARKETING',
  status: 'APPROVED',
  components: [{ type: 'BODY', text: 'Olá {{1}}, podemos continuar a conversa?', example: { body_text: [['Ana']] } }],
}

/** `welcome_named`: a named variable. */
export const WELCOME_NAMED = {
  id: '9003',
  name: 'welcome_named',
  language: 'es',
  category: 'MARKETING',
  status: 'PENDING',
  components: [
    {
      type: 'BODY',
      text: 'Hola {{first_name}}, bienvenido.',
      example: { body_text_named_params: [{ param_name: 'first_name', example: 'Luis' }] },
    },
  ],
}

/** A `message_template_status_update` delivery for a template. */
export const templateStatusChange = (
  template: { id: string; name: string; language: string },
  event: string,
  reason = 'NONE',
) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA1',
      changes: [
        {
          field: 'message_template_status_update',
          value: {
            event,
            message_template_id: Number(template.id),
            message_template_name: template.name,
            message_template_language: template.language,
            reason,
          },
        },
      ],
    },
  ],
})

/** `promo_image`: an image header (a job's media URL fills it) and one body variable. */
export const PROMO_IMAGE = {
  id: '9004',
  name: 'promo_image',
  language: 'en_US',
  category: 'MARKETING',
  status: 'APPROVED',
  components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://shop.test/sample.png'] } },
    { type: 'BODY', text: 'Hi {{1}}, the new collection is here.', example: { body_text: [['Rita']] } },
  ],
}
