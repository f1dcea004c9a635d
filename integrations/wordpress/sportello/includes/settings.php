<?php
/**
 * The settings page (Settings → Sportello): where the services are (the Sportello gateway, or one
 * endpoint per service), the live chat's widget key, the default language, where the chat launcher
 * appears, and how members' visitor tokens are minted. Saved through WordPress' Settings API:
 * options.php checks the `manage_options` capability and the form's nonce before our sanitiser runs.
 *
 * @package Sportello
 */

defined( 'ABSPATH' ) || exit;

const SPORTELLO_OPTION = 'sportello_settings';

/** Where each service lives below the gateway (the same paths as the services themselves). */
const SPORTELLO_GATEWAY_PATHS = array(
	'ai'   => '/ai/api/v2',
	'sign' => '/sign/api/v2',
	'desk' => '/desk',
	'chat' => '/chat',
);

function sportello_default_settings() {
	return array(
		'gateway_url'    => '',
		'endpoint_ai'    => '',
		'endpoint_sign'  => '',
		'endpoint_desk'  => '',
		'endpoint_chat'  => '',
		'widget_key'     => '',
		'default_lang'   => '',
		'launcher'       => 'none',
		'launcher_pages' => '',
		'desk_catalog'   => '',
		'ai_agents'      => '1',
		'token_secret'   => '',
		'token_audience' => 'sportello',
		'token_ttl'      => 600,
	);
}

/** The saved settings over the defaults. */
function sportello_settings() {
	$saved = get_option( SPORTELLO_OPTION, array() );
	return array_merge( sportello_default_settings(), is_array( $saved ) ? $saved : array() );
}

/** The base URL an element of `$service` (ai, sign, desk, chat) talks to: its own, else the gateway's path for it. */
function sportello_endpoint( $service ) {
	$s   = sportello_settings();
	$own = isset( $s[ 'endpoint_' . $service ] ) ? $s[ 'endpoint_' . $service ] : '';
	if ( '' !== $own ) {
		return $own;
	}
	if ( '' === $s['gateway_url'] || ! isset( SPORTELLO_GATEWAY_PATHS[ $service ] ) ) {
		return '';
	}
	return untrailingslashit( $s['gateway_url'] ) . SPORTELLO_GATEWAY_PATHS[ $service ];
}

/** Comma-separated positive integers, as an array of ints. */
function sportello_int_list( $value ) {
	$out = array();
	foreach ( preg_split( '/[\s,]+/', (string) $value ) as $part ) {
		if ( ctype_digit( $part ) && (int) $part > 0 ) {
			$out[] = (int) $part;
		}
	}
	return array_values( array_unique( $out ) );
}

/** Checks and cleans what the form sent; anything wrong keeps the previous value and says why. */
function sportello_sanitize_settings( $input ) {
	$old = sportello_settings();
	// options.php has already unslashed the form's values.
	$in  = is_array( $input ) ? $input : array();
	$out = $old;

	foreach ( array( 'gateway_url', 'endpoint_ai', 'endpoint_sign', 'endpoint_desk', 'endpoint_chat', 'desk_catalog' ) as $key ) {
		$value = isset( $in[ $key ] ) ? trim( (string) $in[ $key ] ) : '';
		if ( '' !== $value && ! wp_http_validate_url( $value ) && ! preg_match( '#^https?://(localhost|127\.0\.0\.1)(:\d+)?(/|$)#', $value ) ) {
			add_settings_error( SPORTELLO_OPTION, $key, sprintf( /* translators: %s: the URL typed */ __( '%s is not a valid http(s) URL.', 'sportello' ), $value ) );
			continue;
		}
		$out[ $key ] = '' === $value ? '' : untrailingslashit( esc_url_raw( $value, array( 'http', 'https' ) ) );
	}

	$out['widget_key'] = isset( $in['widget_key'] ) ? sanitize_text_field( $in['widget_key'] ) : '';
	$lang              = isset( $in['default_lang'] ) ? (string) $in['default_lang'] : '';
	$out['default_lang'] = ( '' === $lang || isset( sportello_languages()[ $lang ] ) ) ? $lang : '';
	$launcher          = isset( $in['launcher'] ) ? (string) $in['launcher'] : 'none';
	$out['launcher']   = in_array( $launcher, array( 'all', 'pages', 'none' ), true ) ? $launcher : 'none';
	$out['launcher_pages'] = isset( $in['launcher_pages'] ) ? implode( ', ', array_filter( array_map( 'sanitize_title', preg_split( '/[\s,]+/', (string) $in['launcher_pages'] ) ) ) ) : '';
	$out['ai_agents']  = isset( $in['ai_agents'] ) ? implode( ', ', sportello_int_list( $in['ai_agents'] ) ) : '';

	// The secret is never shown again: an empty field keeps the saved one, "clear" removes it.
	$secret = isset( $in['token_secret'] ) ? trim( (string) $in['token_secret'] ) : '';
	if ( ! empty( $in['token_secret_clear'] ) ) {
		$out['token_secret'] = '';
	} elseif ( '' !== $secret ) {
		if ( strlen( $secret ) < 32 ) {
			add_settings_error( SPORTELLO_OPTION, 'token_secret', __( 'The shared secret must be at least 32 characters long (HS256).', 'sportello' ) );
		} else {
			$out['token_secret'] = $secret;
		}
	}
	$out['token_audience'] = isset( $in['token_audience'] ) && '' !== trim( $in['token_audience'] ) ? sanitize_text_field( $in['token_audience'] ) : 'sportello';
	$ttl                   = isset( $in['token_ttl'] ) ? (int) $in['token_ttl'] : 600;
	$out['token_ttl']      = max( 60, min( 3600, $ttl ) );

	return $out;
}

add_action(
	'admin_init',
	function () {
		register_setting(
			'sportello',
			SPORTELLO_OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => 'sportello_sanitize_settings',
				'default'           => sportello_default_settings(),
				'show_in_rest'      => false,
			)
		);
	}
);

add_action(
	'admin_menu',
	function () {
		add_options_page( __( 'Sportello', 'sportello' ), __( 'Sportello', 'sportello' ), 'manage_options', 'sportello', 'sportello_render_settings_page' );
	}
);

/** One text field of the form, its value escaped, its description below. */
function sportello_field( $key, $label, $description = '', $type = 'url', $placeholder = '' ) {
	$s  = sportello_settings();
	$id = 'sportello-' . str_replace( '_', '-', $key );
	echo '<tr><th scope="row"><label for="' . esc_attr( $id ) . '">' . esc_html( $label ) . '</label></th><td>';
	printf(
		'<input type="%1$s" id="%2$s" name="%3$s[%4$s]" value="%5$s" class="regular-text" placeholder="%6$s"%7$s />',
		esc_attr( $type ),
		esc_attr( $id ),
		esc_attr( SPORTELLO_OPTION ),
		esc_attr( $key ),
		'password' === $type ? '' : esc_attr( (string) $s[ $key ] ),
		esc_attr( $placeholder ),
		'' !== $description ? ' aria-describedby="' . esc_attr( $id ) . '-description"' : ''
	);
	if ( '' !== $description ) {
		echo '<p class="description" id="' . esc_attr( $id ) . '-description">' . esc_html( $description ) . '</p>';
	}
	echo '</td></tr>';
}

function sportello_render_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'You are not allowed to change these settings.', 'sportello' ), 403 );
	}
	$s     = sportello_settings();
	$name  = SPORTELLO_OPTION;
	$langs = sportello_languages();
	?>
	<div class="wrap">
		<h1><?php echo esc_html__( 'Sportello', 'sportello' ); ?></h1>
		<?php // WordPress prints this page's notices itself (Settings pages include options-head.php). ?>
		<form method="post" action="options.php" id="sportello-settings">
			<?php settings_fields( 'sportello' ); ?>
			<h2><?php echo esc_html__( 'Services', 'sportello' ); ?></h2>
			<p><?php echo esc_html__( 'The Sportello gateway holds the services\' keys and scopes every call to the visitor. Give its address, or one address per service.', 'sportello' ); ?></p>
			<table class="form-table" role="presentation">
				<?php
				sportello_field( 'gateway_url', __( 'Gateway URL', 'sportello' ), __( 'For example https://sportello.example.com. Each element adds its service\'s path.', 'sportello' ), 'url', 'https://sportello.example.com' );
				sportello_field( 'endpoint_chat', __( 'Live chat endpoint', 'sportello' ), __( 'Optional: overrides the gateway for this service.', 'sportello' ) );
				sportello_field( 'endpoint_ai', __( 'AI assistant endpoint', 'sportello' ), __( 'Optional: overrides the gateway for this service.', 'sportello' ) );
				sportello_field( 'endpoint_sign', __( 'Signing endpoint', 'sportello' ), __( 'Optional: overrides the gateway for this service.', 'sportello' ) );
				sportello_field( 'endpoint_desk', __( 'Help desk endpoint', 'sportello' ), __( 'Optional: overrides the gateway for this service.', 'sportello' ) );
				sportello_field( 'desk_catalog', __( 'Help desk catalogue URL', 'sportello' ), __( 'JSON with the services, assets and request types the form offers.', 'sportello' ) );
				sportello_field( 'widget_key', __( 'Live chat widget key', 'sportello' ), __( 'The public key of the chat widget.', 'sportello' ), 'text' );
				sportello_field( 'ai_agents', __( 'AI agents', 'sportello' ), __( 'Agent ids members may talk to, separated by commas.', 'sportello' ), 'text' );
				?>
				<tr>
					<th scope="row"><label for="sportello-default-lang"><?php echo esc_html__( 'Default language', 'sportello' ); ?></label></th>
					<td>
						<select id="sportello-default-lang" name="<?php echo esc_attr( $name ); ?>[default_lang]">
							<option value=""<?php selected( $s['default_lang'], '' ); ?>><?php echo esc_html__( 'The site\'s language', 'sportello' ); ?></option>
							<?php foreach ( $langs as $code => $label ) : ?>
								<option value="<?php echo esc_attr( $code ); ?>"<?php selected( $s['default_lang'], $code ); ?>><?php echo esc_html( $label ); ?></option>
							<?php endforeach; ?>
						</select>
					</td>
				</tr>
			</table>

			<h2><?php echo esc_html__( 'Live chat launcher', 'sportello' ); ?></h2>
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><?php echo esc_html__( 'Where the launcher appears', 'sportello' ); ?></th>
					<td>
						<fieldset>
							<legend class="screen-reader-text"><?php echo esc_html__( 'Where the launcher appears', 'sportello' ); ?></legend>
							<?php
							$choices = array(
								'all'   => __( 'On every page of the site', 'sportello' ),
								'pages' => __( 'Only on the pages listed below', 'sportello' ),
								'none'  => __( 'Nowhere (shortcodes and blocks only)', 'sportello' ),
							);
							foreach ( $choices as $value => $label ) {
								printf(
									'<label><input type="radio" name="%1$s[launcher]" value="%2$s"%3$s /> %4$s</label><br />',
									esc_attr( $name ),
									esc_attr( $value ),
									checked( $s['launcher'], $value, false ),
									esc_html( $label )
								);
							}
							?>
						</fieldset>
					</td>
				</tr>
				<?php sportello_field( 'launcher_pages', __( 'Pages with the launcher', 'sportello' ), __( 'Page or post slugs or ids, separated by commas.', 'sportello' ), 'text' ); ?>
			</table>

			<h2><?php echo esc_html__( 'Members', 'sportello' ); ?></h2>
			<p><?php echo esc_html__( 'For logged-in users the site mints a short-lived visitor token (HS256) that the gateway verifies, so a member\'s chats, requests and documents are theirs.', 'sportello' ); ?></p>
			<table class="form-table" role="presentation">
				<?php
				sportello_field( 'token_secret', __( 'Shared secret', 'sportello' ), '' !== $s['token_secret'] ? __( 'A secret is saved. Leave empty to keep it.', 'sportello' ) : __( 'The gateway\'s visitor secret (at least 32 characters). Not shown again.', 'sportello' ), 'password' );
				sportello_field( 'token_audience', __( 'Token audience', 'sportello' ), __( 'The audience the gateway expects (usually sportello).', 'sportello' ), 'text' );
				sportello_field( 'token_ttl', __( 'Token lifetime (seconds)', 'sportello' ), __( 'Between 60 and 3600.', 'sportello' ), 'number' );
				?>
				<tr>
					<th scope="row"><?php echo esc_html__( 'Remove the secret', 'sportello' ); ?></th>
					<td><label><input type="checkbox" name="<?php echo esc_attr( $name ); ?>[token_secret_clear]" value="1" /> <?php echo esc_html__( 'Members are then anonymous visitors', 'sportello' ); ?></label></td>
				</tr>
			</table>
			<?php submit_button(); ?>
		</form>
	</div>
	<?php
}
